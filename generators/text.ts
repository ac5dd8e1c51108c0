import fc from 'fast-check';

// Strings of exact lengths and odd characters, the raw material of boundary values.

const LOCAL_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A plainly valid e-mail of exactly `length` characters (length ≥ domain + 2), deterministic from `tag`. */
export function emailOfLength(length: number, domain: string, tag = 'x'): string {
  const localLength = length - domain.length - 1;
  if (localLength < 1) throw new RangeError(`no e-mail of length ${length} fits the domain ${domain}`);
  const seed = `${tag}${'0123456789abcdefghijklmnopqrstuvwxyz'.repeat(Math.ceil(localLength / 36) + 1)}`;
  return `${seed.slice(0, localLength)}@${domain}`;
}

/** A token of exactly `length` characters from [a-z0-9], deterministic from `tag`. */
export function tokenOfLength(length: number, tag = 'k'): string {
  return `${tag}${LOCAL_CHARS.repeat(Math.ceil(length / LOCAL_CHARS.length) + 1)}`.slice(0, length);
}

export const emailArbitrary = (domain: string, minLocal = 1, maxLocal = 40) =>
  fc.string({ unit: fc.constantFrom(...LOCAL_CHARS), minLength: minLocal, maxLength: maxLocal }).map((local) => `${local}@${domain}`);

/** Strings that are plainly not e-mail addresses: no '@', or an empty side, or white space. */
export const nonEmailArbitrary = fc.oneof(
  fc.string({ unit: fc.constantFrom(...LOCAL_CHARS, '.', '-'), minLength: 1, maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...LOCAL_CHARS), minLength: 1, maxLength: 20 }).map((s) => `${s}@`),
  fc.string({ unit: fc.constantFrom(...LOCAL_CHARS), minLength: 1, maxLength: 20 }).map((s) => `@${s}.com`),
  fc.string({ unit: fc.constantFrom(...LOCAL_CHARS), minLength: 1, maxLength: 20 }).map((s) => `${s} x@example.test`),
);

/** Odd Unicode: combining marks, right-to-left text, astral symbols, zero-width and control characters. */
export const oddUnicodeArbitrary = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  // Any code points, lone surrogates included: fc.string({ unit: 'binary' }) draws the same, but building it
  // costs over a second (fast-check maps its edge-case strings onto all of Unicode), paid by every run.
  fc.array(fc.integer({ min: 0, max: 0x10ffff }), { maxLength: 30 }).map((points) => String.fromCodePoint(...points)),
  fc.constantFrom('e\u0301', '\u202Eabc', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '\u200B', '\u0000', 'ñandú', '😀@😀.com', '%', '%zz', '..', '\uFEFF'),
);
