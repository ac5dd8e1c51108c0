// Input checks the spec states (email, int32, dates, lengths), in one place.

const atom = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const dotAtom = `${atom}(?:\\.${atom})*`;
const quoted = '"(?:[\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\[\\x20-\\x7e])*"';
const label = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const emailPattern = new RegExp(`^(?:${dotAtom}|${quoted})@(?:${label}\\.)+[A-Za-z]{2,63}$`);

/** RFC 5322 addr-spec (dot-atom or quoted local part, DNS domain), within RFC 5321's lengths. */
export function isEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at < 1 || at > 64 || value.length > 254) return false;
  return emailPattern.test(value);
}

/** The adminMail path parameter: e-mail format, at most 50 characters (Limits). */
export function isAdminMail(value: string): boolean {
  return value.length <= 50 && isEmail(value);
}

/** int32 written in decimal, nothing else. */
export function parseInt32(value: string): number | undefined {
  if (!/^[+-]?\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= -2147483648 && n <= 2147483647 ? n : undefined;
}

/** yyyy-mm-dd that names a real calendar day. */
export function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** ISO 8601 date-time that carries a UTC offset (Conventions). */
export function parseDateTime(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return undefined;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

export function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Case-insensitive comparison key for e-mails and names. */
export const fold = (value: string): string => value.toLowerCase();
