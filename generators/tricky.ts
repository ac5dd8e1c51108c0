import fc from 'fast-check';
import type { ParamSpec } from '../models/index.ts';
import { emailOfLength, tokenOfLength } from './text.ts';

// The inputs real implementations trip on (issue 12 §4): e-mail addresses in the forms RFC 5321/5322 allow,
// URL-special, non-ASCII and control characters, long strings where the spec states no limit, and null or
// long members in request bodies. Deterministic lists for the boundary phase, arbitraries for the random one.
// Whether a value is valid is never decided here: models/param-check.ts decides it.

export interface TrickyValue {
  /** What makes the value tricky, e.g. "plus-addressing". */
  label: string;
  value: string;
}

/** Where the spec states no limit: lengths around common column and buffer sizes. */
export const LONG_LENGTHS = [64, 255, 256, 1_000, 10_000] as const;

/** Lengths a body member gets where a request creates or changes something: one past 255, and the longest. */
export const LONG_LENGTHS_MUTATING = [256, 10_000] as const;

/** E-mail addresses of RFC 5321/5322 forms under `domain`, all short enough for adminMail's 50 characters. */
export function emailForms(domain: string): TrickyValue[] {
  return [
    { label: 'plus-addressing', value: `ana+ventas@${domain}` },
    { label: 'dots and digits', value: `ana.paz.2024@${domain}` },
    { label: 'hyphen and underscore', value: `ana-maria_paz@${domain}` },
    { label: 'apostrophe', value: `o'brien@${domain}` },
    { label: 'subdomain', value: `ana@mail.eu.${domain}` },
    { label: 'upper case', value: `Ana.Paz@${domain.toUpperCase()}` },
    { label: 'quoted local part', value: `"ana paz"@${domain}` },
    { label: 'non-ASCII local part (RFC 6531)', value: `ñandú@${domain}` },
  ];
}

/** Every other letter upper case: `aBcD…`. */
export const mixedCase = (s: string): string => [...s].map((ch, i) => (i % 2 === 1 ? ch.toUpperCase() : ch)).join('');

/** URL-special, non-ASCII (RTL and emoji included) and NUL-free control characters, inside plain text. */
export const ODD_CHARACTERS: readonly TrickyValue[] = [
  { label: 'percent sign', value: '100%' },
  { label: 'percent-encoded slash, literally', value: 'a%2Fb' },
  { label: 'slash, question mark and hash', value: 'a/b?c#d' },
  { label: 'ampersand, equals and plus signs, space, semicolon', value: 'a&b=c+d e;f' },
  { label: 'quotes', value: `a'b"c` },
  { label: 'non-ASCII', value: 'ñandú 東京' },
  { label: 'emoji', value: '🚗😀' },
  { label: 'right-to-left', value: 'שלום \u202Eabc' },
  { label: 'control characters', value: 'a\u0001b\u001Fc\u007F\r\nd' },
];

/** Characters a path segment carries only percent-encoded: %2F, %25, %3F, %23, %3B, %20, non-ASCII. */
const SEGMENT_CHARACTERS: readonly TrickyValue[] = [
  { label: 'slash (%2F)', value: '/' },
  { label: 'percent sign (%25)', value: '%' },
  { label: 'question mark (%3F)', value: '?' },
  { label: 'hash (%23)', value: '#' },
  { label: 'semicolon (%3B)', value: ';' },
  { label: 'space (%20)', value: ' ' },
  { label: 'non-ASCII', value: 'ñ' },
];

/** Values of a string parameter where the spec states no maximum: LONG_LENGTHS characters (e-mails for an e-mail parameter). */
export function longValues(spec: ParamSpec, domain: string): TrickyValue[] {
  if (spec.type !== 'string' || spec.maxLength !== undefined) return [];
  return LONG_LENGTHS.map((n) => ({
    label: `${n} characters`,
    value: spec.format === 'email' ? emailOfLength(n, domain, 'long') : tokenOfLength(n, 'long'),
  }));
}

/**
 * Path-segment values carrying characters that only travel percent-encoded (`a/b` is sent as `a%2Fb`),
 * shaped to the parameter: an e-mail keeps its '@domain', a sid keeps its minimum length.
 */
export function segmentValues(spec: ParamSpec, domain: string): TrickyValue[] {
  if (spec.in !== 'path' || spec.type !== 'string') return [];
  return SEGMENT_CHARACTERS.map(({ label, value: ch }) => {
    const core = `a${ch}b`;
    const value = spec.format === 'email' ? `${core}@${domain}` : core.padEnd(spec.minLength ?? 0, 'x');
    return { label, value };
  });
}

/** A request body with one member changed: null, or a long string. */
export interface BodyVariant {
  label: string;
  json: Record<string, unknown>;
}

/**
 * For each member of `body`: the body with that member null, and — for string members not in `fixed` (an
 * AdminMail whose length would invite someone else) — with that member `lengths` characters long.
 */
export function bodyVariants(body: Record<string, unknown>, fixed: readonly string[] = [], lengths: readonly number[] = LONG_LENGTHS): BodyVariant[] {
  return Object.entries(body).flatMap(([key, value]) => [
    { label: `${key}: null`, json: { ...body, [key]: null } },
    ...(typeof value === 'string' && !fixed.includes(key)
      ? lengths.map((n) => ({ label: `${key}: ${n} characters`, json: { ...body, [key]: tokenOfLength(n, 'long') } }))
      : []),
  ]);
}

const word = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: 1, maxLength: 8 });

/** Random e-mails in the forms of emailForms(): at most 28 characters before '@', so any domain under 21 fits in 50. */
export const emailFormArbitrary = (domain: string): fc.Arbitrary<string> =>
  fc.tuple(word, word, fc.nat({ max: 9999 }), fc.constantFrom('+', '.', '-', '_', "'", 'digits', 'sub', 'upper', 'quoted')).map(([a, b, n, form]) => {
    switch (form) {
      case 'digits':
        return `${a}${n}@${domain}`;
      case 'sub':
        return `${a}@${b}.${domain}`;
      case 'upper':
        return `${a.toUpperCase()}.${b}@${domain.toUpperCase()}`;
      case 'quoted':
        return `"${a} ${b}"@${domain}`;
      default:
        return `${a}${form}${b}@${domain}`;
    }
  });

/** Plain text with one of ODD_CHARACTERS' characters, or one of them as is. */
export const oddCharactersArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ODD_CHARACTERS.map((t) => t.value)),
  fc.tuple(word, fc.constantFrom(...[...ODD_CHARACTERS.map((t) => t.value).join('')]), word).map(([a, ch, b]) => `${a}${ch}${b}`),
);

/** ASCII strings of LONG_LENGTHS characters. */
export const longStringArbitrary: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...LONG_LENGTHS), fc.constantFrom(...'abcxyz019'))
  .map(([n, tag]) => tokenOfLength(n, tag));
