// Principle 4: secrets never reach a report, a log or a curl line. A target may echo a secret in any form a
// writer then re-encodes (a JSON body, a percent-encoded Location, report.html's entities, junit's XML, a
// shell-quoted curl), so every secret is matched in each of those forms, and in each form of a form; and in the
// binary-to-text forms a target may give its bytes (base64, base64url, hex: issue 27, item 4).
export const REDACTED = '<redacted>';

const hex = (ch: string) => ch.codePointAt(0)!.toString(16).padStart(4, '0');
const jsonEscaped = (s: string) => JSON.stringify(s).slice(1, -1);
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The encodings a secret can pass through on its way to a file or a console line. */
const ENCODINGS: readonly ((s: string) => string)[] = [
  jsonEscaped,
  // JSON whose writer escapes the solidus too (RFC 8259 §7 allows `\/`; PHP's json_encode does it by default).
  (s) => jsonEscaped(s).replace(/\//g, '\\/'),
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

/**
 * Binary forms shorter than this are not matched: 8 base64 or hex characters (48 or 32 bits of a secret) do not
 * turn up in ordinary text by chance; shorter runs of letters and digits do (the 5 characters of a 4-byte secret
 * inside a longer base64 text are in words). So a secret is found inside a longer base64 text from 7 bytes on
 * (at every alignment); standing alone, in padded base64 or in hex from 4 bytes, in unpadded base64 from 6.
 */
const MIN_BINARY_FORM_LENGTH = 8;

const base64url = (s: string) => s.replace(/\+/g, '-').replace(/\//g, '_');

/**
 * The base64 characters that `bytes` alone decide when they start `shift` bytes into a longer text (a target may
 * encode `prefix + secret`): each character holds 6 bits, so the ones that straddle a byte of the prefix or of
 * whatever follows are left out. At shift 0 this is the unpadded encoding without its last, partial character.
 */
function embeddedBase64(bytes: Buffer, shift: 0 | 1 | 2): string {
  const text = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
  return text.slice(Math.ceil((8 * shift) / 6), Math.floor((8 * (shift + bytes.length)) / 6));
}

/**
 * A secret's UTF-8 bytes as a target may encode them: base64 and base64url whole (padded or not) and at each of
 * the three byte alignments inside a longer encoding, and hex in either case.
 */
function binaryForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const whole = bytes.toString('base64');
  const base64 = [whole, whole.replace(/=+$/, ''), ...([0, 1, 2] as const).map((shift) => embeddedBase64(bytes, shift))];
  const hex = bytes.toString('hex');
  return [...base64, ...base64.map(base64url), hex, hex.toUpperCase()].filter((f) => f.length >= MIN_BINARY_FORM_LENGTH);
}

/** The forms and their percent-escapes in both cases of hex. */
function withHexCases(forms: Set<string>): Set<string> {
  for (const form of [...forms]) forms.add(form.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()));
  return forms;
}

/** A secret itself, once and twice encoded. */
function textForms(secret: string): Set<string> {
  const forms = new Set([secret]);
  for (const once of ENCODINGS.map((e) => e(secret))) {
    forms.add(once);
    for (const e of ENCODINGS) forms.add(e(once));
  }
  return withHexCases(forms);
}

/** A secret's binary forms, each also once encoded (base64 percent-encoded in a URL, say). */
function encodedBinaryForms(secret: string): Set<string> {
  const forms = new Set<string>();
  for (const binary of binaryForms(secret)) {
    forms.add(binary);
    for (const e of ENCODINGS) forms.add(e(binary));
  }
  return withHexCases(forms);
}

/** Every form of one secret: its text forms and its binary forms. */
export function formsOf(secret: string): string[] {
  return [...new Set([...textForms(secret), ...encodedBinaryForms(secret)])].filter((f) => f.length > 0);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One expression of many alternatives can run many times slower in V8 than the same alternatives split (measured,
 * the hostile tests' 7 secrets on a 9 KB JSON body: 1.2–2 ms as one expression of 60 KB, 60–80 µs in four): the
 * alternatives are split into expressions of at most this much source, applied in turn.
 */
const SOURCE_CHUNK = 16_000;

/** Alternatives, longest first, as expressions of at most SOURCE_CHUNK characters each (one longer alone). */
function chunked(alternatives: readonly string[]): RegExp[] {
  const chunks: string[][] = [];
  let size = Number.POSITIVE_INFINITY;
  for (const a of alternatives) {
    if (size + a.length + 1 > SOURCE_CHUNK) {
      chunks.push([]);
      size = 0;
    }
    chunks.at(-1)!.push(a);
    size += a.length + 1;
  }
  return chunks.map((c) => new RegExp(c.join('|'), 'gu'));
}

const longestFirst = (forms: Iterable<string>) => [...forms].filter((f) => f.length > 0).sort((a, b) => b.length - a.length);

/**
 * The expressions for a set of secrets, built once per set: longest forms first, so none is left half (a chunk
 * holds no form longer than any of an earlier chunk, so a later chunk never finds part of what an earlier one
 * left). The binary forms come after the text forms, in expressions of their own: alternatives that can start
 * with any letter or digit, in one expression with the others, slow all of them down (measured, three secrets on
 * a 2 KB body: 0.9 µs without binary forms, 2–2.5 µs with them apart, 7–8.5 µs with them in one expression).
 */
class Redactor {
  private readonly patterns: readonly RegExp[];
  constructor(secrets: readonly string[]) {
    const given = secrets.filter((s) => s.length > 0);
    const text = new Set(given.flatMap((s) => [...textForms(s)]));
    const binary = new Set(given.flatMap((s) => [...encodedBinaryForms(s)]).filter((f) => !text.has(f)));
    this.patterns = [...chunked(longestFirst(text).map(escapeRegExp)), ...chunked(longestFirst(binary).map(escapeRegExp))];
  }
  redact(text: string): string {
    let out = text;
    for (const p of this.patterns) out = out.replace(p, REDACTED);
    return out;
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
