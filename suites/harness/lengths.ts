import fc from 'fast-check';

// Strings of chosen lengths. paramArbitrary (generators/params.ts) draws strings with fast-check's default
// size, which keeps them short: a topic past 80 or a sid past 30 characters is almost never drawn. The
// limit and error checks therefore draw lengths around each bound explicitly.

const CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789-_';
const unit = fc.constantFrom(...CHARS);

/** Tokens of `min`..`max` characters, every length equally likely. */
export const tokenOfLengths = (min: number, max: number): fc.Arbitrary<string> =>
  fc.integer({ min, max }).chain((n) => fc.string({ unit, minLength: n, maxLength: n }));

/** Tokens longer than `max`: from just past it to well past it (the 0..200 topics, 0..60 sids). */
export const lengthsPast = (max: number): fc.Arbitrary<string> => tokenOfLengths(max + 1, Math.max(max * 2 + 40, max + 2));

/** Tokens shorter than `min` (empty excluded: an empty path segment addresses another resource). */
export const lengthsBelow = (min: number): fc.Arbitrary<string> => tokenOfLengths(1, Math.max(1, min - 1));

/** E-mails of `min`..`max` characters under `domain`. */
export const emailsOfLengths = (min: number, max: number, domain: string): fc.Arbitrary<string> => {
  const local = (n: number) => Math.max(1, n - domain.length - 1);
  return fc
    .integer({ min: local(min), max: local(max) })
    .chain((n) => fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: n, maxLength: n }))
    .map((l) => `${l}@${domain}`);
};
