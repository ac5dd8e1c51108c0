import { scalarText } from '../../sut/catalog-values.ts';

// Endpoints > Ciudades, Colores, Marcas: q is "part of" a name, nombre a "full color name". The spec does not
// say whether matching heeds case, accents or punctuation, so a probe that must match is a part of a record's
// own value in its own case, and a judgement of what may be listed compares loosely: a server may choose
// either way.

/** Case and accents folded, whitespace collapsed: punctuation kept. */
export const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** Folded, then letters and digits only: the loosest comparison a server may make. */
export const loose = (s: string): string => fold(s).replace(/[^\p{L}\p{N}]/gu, '');

/** Whether `value` holds `part` by the loosest comparison. */
export const holdsLoosely = (value: string | undefined, part: string): boolean => value !== undefined && loose(value).includes(loose(part));

/** Every scalar anywhere in the values (nested members, arrays and links included), as text. */
export function scalarsDeep(...values: unknown[]): string[] {
  const out: string[] = [];
  const visit = (v: unknown): void => {
    const s = scalarText(v);
    if (s !== undefined) out.push(s);
    else if (Array.isArray(v)) v.forEach(visit);
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(visit);
  };
  values.forEach(visit);
  return out;
}

/** The top-level scalar strings of a record (links left out): the values a probe may be drawn from. */
export const ownStrings = (record: unknown): string[] =>
  record !== null && typeof record === 'object' && !Array.isArray(record)
    ? Object.entries(record).flatMap(([k, v]) => (k !== '_links' && typeof v === 'string' && v.trim() !== '' ? [v] : []))
    : [];

/** Letters tried, rarest in names first, for a value that must match nothing. */
const RARE_LETTERS = [...'qxzjkwyhfvgbpmdcutsnrlioae'];

/**
 * `prefix` and then a rare letter three times, such that no string holds it even by the loosest comparison:
 * "part of" a value it is not (a letter none of them has makes sure of it; a long list may have every letter).
 */
export function heldByNone(strings: readonly string[], prefix = ''): string | undefined {
  const folded = strings.map(loose);
  return RARE_LETTERS.map((l) => `${prefix}${l.repeat(3)}`).find((v) => !folded.some((s) => s.includes(loose(v))));
}

const WORD_CHARS = /^[\p{L}\p{N}]+$/u;
/** No whitespace, and some letter or digit: a codename part such as `a-r` of `alfa-romeo`. */
const TOKEN_CHARS = /^(?=.*[\p{L}\p{N}])\S+$/u;

/** How many of a value's first characters innerParts draws its parts from. */
export const INNER_PARTS_WINDOW = 1_000;

/**
 * Parts of `value` of `length` characters that do not start it (a prefix-only match misses them), in the
 * value's own case: those inside a word first (a word-prefix match misses them too), or, with `wordStartFirst`,
 * those that start a later word first. Letters and digits only, unless `punctuation` allows any character but
 * whitespace.
 */
export function innerParts(value: string, { length = 3, punctuation = false, wordStartFirst = false } = {}): string[] {
  // Parts of the value's start are parts of the value: a long one (a target's, as long as the body cap allows) is
  // looked into no further than this, so drawing a part costs the same for every value (issue 22, defect 2).
  const chars = [...value.slice(0, INNER_PARTS_WINDOW)];
  const allowed = punctuation ? TOKEN_CHARS : WORD_CHARS;
  // Folded once, not once per position: a target's value may be as long as the body cap allows (issue 22).
  const folded = fold(value);
  const parts: { part: string; wordStart: boolean }[] = [];
  for (let i = 1; i + length <= chars.length; i++) {
    const part = chars.slice(i, i + length).join('');
    if (!allowed.test(part) || folded.startsWith(fold(part))) continue;
    parts.push({ part, wordStart: !WORD_CHARS.test(chars[i - 1]!) });
  }
  const [inside, wordStarts] = [parts.filter((p) => !p.wordStart), parts.filter((p) => p.wordStart)];
  return (wordStartFirst ? [...wordStarts, ...inside] : [...inside, ...wordStarts]).map((p) => p.part);
}

/** A strict part of `value` a careless "full name" match would take for it: its first word, else its first half. */
export function leadingPart(value: string): string | undefined {
  const words = value.trim().split(/\s+/);
  const part = words.length > 1 ? words[0]! : [...value].slice(0, Math.ceil([...value].length / 2)).join('');
  return loose(part).length >= 2 && loose(part) !== loose(value) ? part : undefined;
}
