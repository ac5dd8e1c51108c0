// Principle 4: secrets never reach a report, a log or a curl line. A target may echo a secret in any form a
// writer then re-encodes (a JSON body, a percent-encoded Location, report.html's entities, junit's XML, a
// shell-quoted curl), so every secret is matched in each of those forms, and in each form of a form.
export const REDACTED = '<redacted>';

const hex = (ch: string) => ch.codePointAt(0)!.toString(16).padStart(4, '0');
const jsonEscaped = (s: string) => JSON.stringify(s).slice(1, -1);
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The encodings a secret can pass through on its way to a file or a console line. */
const ENCODINGS: readonly ((s: string) => string)[] = [
  jsonEscaped,
  // JSON written with ASCII escapes (\u00f1), as some servers do.
  (s) => jsonEscaped(s).replace(/[^\x20-\x7e]/gu, (ch) => (ch.length > 1 ? [...ch].map((c) => `\\u${hex(c)}`).join('') : `\\u${hex(ch)}`)),
  (s) => s.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!),
  // XML as vitest's junit writes it, and the numeric forms of the quote.
  (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
  (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&#34;').replace(/'/g, '&#x27;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
  // POSIX single quoting, as a curl line writes it.
  (s) => s.replace(/'/g, `'\\''`),
  encodeURIComponent,
  (s) => new URLSearchParams({ s }).toString().slice(2),
  // How a URL serializes a secret in its path or in its query (WHATWG's percent-encode sets, not encodeURIComponent's).
  (s) => percentEncode(s, /[\x00-\x20"#<>?`{}\x7f-\u{10ffff}]/gu),
  (s) => percentEncode(s, /[\x00-\x20"#<>'\x7f-\u{10ffff}]/gu),
];

function percentEncode(s: string, set: RegExp): string {
  return s.replace(set, (ch) => [...Buffer.from(ch, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''));
}

/** Every form of one secret: itself, once and twice encoded, percent-escapes in both cases of hex. */
export function formsOf(secret: string): string[] {
  const forms = new Set([secret]);
  for (const once of ENCODINGS.map((e) => e(secret))) {
    forms.add(once);
    for (const e of ENCODINGS) forms.add(e(once));
  }
  for (const form of [...forms]) forms.add(form.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()));
  return [...forms].filter((f) => f.length > 0);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One regular expression for a set of secrets, built once per set: longest forms first, so none is left half. */
class Redactor {
  private readonly pattern: RegExp | undefined;
  constructor(secrets: readonly string[]) {
    const forms = [...new Set(secrets.flatMap((s) => (s.length > 0 ? formsOf(s) : [])))].sort((a, b) => b.length - a.length);
    this.pattern = forms.length > 0 ? new RegExp(forms.map(escapeRegExp).join('|'), 'gu') : undefined;
  }
  redact(text: string): string {
    return this.pattern ? text.replace(this.pattern, REDACTED) : text;
  }
}

const redactors = new Map<string, Redactor>();
/** The same array of secrets is passed on every exchange of a client: found without serialising it each time. */
const bySet = new WeakMap<readonly string[], Redactor>();
function redactorFor(secrets: readonly string[]): Redactor {
  const known = bySet.get(secrets);
  if (known) return known;
  const key = JSON.stringify(secrets);
  let r = redactors.get(key);
  if (!r) {
    // A handful of secret sets per process; the cap only guards against a caller building sets in a loop.
    if (redactors.size > 64) redactors.clear();
    r = new Redactor(secrets);
    redactors.set(key, r);
  }
  bySet.set(secrets, r);
  return r;
}

/** Replaces every form of every secret in `text`. */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets.length === 0 ? text : redactorFor(secrets).redact(text);
}

export function redactHeaders(headers: Record<string, string>, secrets: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, redact(v, secrets)]));
}

/** A deep copy with every string (keys too) redacted: for profiles, results and bodies that go into reports. */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redact(v, secrets);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [redact(k, secrets), walk(x)]));
    return v;
  };
  return walk(value) as T;
}
