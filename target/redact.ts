// Principle 4: secrets (profile header values) never reach a report, a log or a curl line.
export const REDACTED = '<redacted>';

/** Replaces every occurrence of every secret in `text`; longest first so overlapping secrets vanish whole. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length > 0) out = out.split(secret).join(REDACTED);
  }
  return out;
}

export function redactHeaders(headers: Record<string, string>, secrets: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, redact(v, secrets)]));
}

/** A deep copy with every string redacted: for profiles and parsed bodies that go into reports. */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
  return JSON.parse(redact(JSON.stringify(value), secrets)) as T;
}
