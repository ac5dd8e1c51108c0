// Rewrites of a JSON value or its text that keep what it says: member order, white space, escapes, how an
// instant is written. The variations apply them to the answers and deliveries of a conforming server.

type Json = unknown;

/**
 * `edit(key, value)` applied to every value depth-first — object members by name, array items by index, the
 * whole document last (key '').
 */
export function everyValue(value: Json, edit: (key: string, value: Json) => Json, key = ''): Json {
  if (Array.isArray(value))
    return edit(
      key,
      value.map((v, i) => everyValue(v, edit, String(i))),
    );
  if (value !== null && typeof value === 'object') {
    return edit(key, Object.fromEntries(Object.entries(value).map(([k, v]) => [k, everyValue(v, edit, k)])));
  }
  return edit(key, value);
}

const isObject = (v: Json): v is Record<string, Json> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Every object's members in the reverse order (RFC 8259 §4: "An object is an unordered collection"). */
export const reverseMembers = (value: Json): Json => everyValue(value, (_k, v) => (isObject(v) ? Object.fromEntries(Object.entries(v).reverse()) : v));

/** Insignificant white space (RFC 8259 §2) everywhere it may stand: indented, CRLF line ends, a trailing newline. */
export const spacious = (value: Json): string =>
  `${JSON.stringify(value, null, '\t')
    .replace(/\n/g, '\r\n')
    .replace(/(?<!\\)": /g, '" : ')}\r\n`;

/** Every non-ASCII character and every solidus escaped (RFC 8259 §7: `\u00e9`, `\/` stand for é and /). */
export const escaped = (value: Json): string =>
  JSON.stringify(value)
    .replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/\//g, '\\/');

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export const isDateTime = (s: string): boolean => DATE_TIME.test(s);

const two = (n: number): string => String(n).padStart(2, '0');

/**
 * The same instant written at another UTC offset (minutes east of UTC; 'Z' for UTC written as Z), its fraction
 * kept as written: `2026-03-01T02:30:00Z` at +05:45 is `2026-03-01T08:15:00+05:45`.
 */
export function atOffset(s: string, offsetMinutes: number, zulu = false): string {
  const m = DATE_TIME.exec(s);
  if (!m) return s;
  const [, y, mo, d, h, mi, se, fraction = '', zone] = m;
  const zoneMinutes = zone === 'Z' ? 0 : (zone!.startsWith('-') ? -1 : 1) * (Number(zone!.slice(1, 3)) * 60 + Number(zone!.slice(4, 6)));
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se)) - zoneMinutes * 60_000;
  const local = new Date(utc + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const suffix = zulu && offsetMinutes === 0 ? 'Z' : `${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
  return `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}T${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}${fraction}${suffix}`;
}

/** Every date-time string of a value rewritten by `edit`. */
export const dateTimes = (value: Json, edit: (s: string, key: string) => string): Json =>
  everyValue(value, (key, v) => (typeof v === 'string' && isDateTime(v) ? edit(v, key) : v));

/** The fraction of a date-time, replaced (`.0000000`, or '' for none). */
export function withFraction(s: string, fraction: (current: string) => string): string {
  const m = DATE_TIME.exec(s);
  if (!m) return s;
  const current = m[7] ?? '';
  const head = s.slice(0, 19);
  return `${head}${fraction(current)}${m[8]}`;
}
