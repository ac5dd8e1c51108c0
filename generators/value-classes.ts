import { addDays, type ParamSpec } from '../models/index.ts';

// Invalid-value classes per type (issue 21): for each format the spec gives a parameter — "email", a date
// (yyyy-mm-dd), "integer int32", a length in characters, a bound relative to today — the forms a lenient parser
// takes. Each table drives every parameter of its format on every row (boundaries.ts adds them to the boundary
// phase). A class makes its value from a valid one of that parameter, the sample — an agency's adminMail, a
// record's id, a day of the default period — so that a parser that takes it finds what the valid value names (an
// agency that exists, a record, a page) and shows it, where a row's only refusal is 404.
// Whether a value is valid is models/param-check.ts's verdict; `expect` is what each class is meant to be, and
// test/generators/value-classes.test.ts holds the two together.

export interface ValueClass {
  /** What a lenient parser gets wrong, e.g. "whitespace before". */
  label: string;
  expect: 'accept' | 'reject' | 'either';
  /** The value of this class for a valid `sample` of the parameter; undefined where the class does not apply. */
  value(sample: string, o: ClassOptions): string | undefined;
  /** Other query parameters sent with it (valid ones), where the class is about the reference point of a bound. */
  with?(o: ClassOptions): Record<string, string>;
}

export interface ClassOptions {
  spec: ParamSpec;
  /** The target's today, yyyy-mm-dd. */
  today: string;
}

const split = (email: string) => {
  const at = email.lastIndexOf('@');
  return { local: email.slice(0, at), domain: email.slice(at + 1) };
};

/** "email": white space, misplaced dots, a second or a missing side around a valid address. */
export const EMAIL_CLASSES: readonly ValueClass[] = [
  { label: 'whitespace before', expect: 'reject', value: (v) => ` ${v}` },
  { label: 'whitespace after', expect: 'reject', value: (v) => `${v} ` },
  { label: 'tab after', expect: 'reject', value: (v) => `${v}\t` },
  { label: 'leading dot in the local part', expect: 'reject', value: (v) => `.${v}` },
  { label: 'trailing dot in the local part', expect: 'reject', value: (v) => `${split(v).local}.@${split(v).domain}` },
  { label: 'two dots in a row', expect: 'reject', value: (v) => `${split(v).local}..x@${split(v).domain}` },
  { label: 'leading dot in the domain', expect: 'reject', value: (v) => `${split(v).local}@.${split(v).domain}` },
  { label: 'two @', expect: 'reject', value: (v) => `${split(v).local}@${v}` },
  { label: 'empty local part', expect: 'reject', value: (v) => `@${split(v).domain}` },
  { label: 'empty domain', expect: 'reject', value: (v) => `${split(v).local}@` },
];

const pad = (n: number) => String(n).padStart(2, '0');
const parts = (date: string) => date.split('-').map(Number) as [number, number, number];
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const isLeap = (year: number) => daysIn(year, 2) === 29;

/**
 * Query dates "are ISO 8601 dates (yyyy-mm-dd)": days that do not exist (which a lenient parser rolls over into
 * the next month, a few weeks back, inside the period), other ISO 8601 forms, a time part, white space.
 */
export const DATE_CLASSES: readonly ValueClass[] = [
  {
    // The latest month before this one with fewer than 31 days: its day 31 (or 29, 30) is one many parsers roll
    // over into the first of the next month, a day inside the period (when one of the last three months is short).
    label: 'day past the end of its month',
    expect: 'reject',
    value: (_v, o) => {
      let [y, m] = parts(o.today);
      for (let i = 0; i < 3; i++) {
        [y, m] = m === 1 ? [y - 1, 12] : [y, m - 1];
        if (daysIn(y, m) < 31) break;
      }
      return `${y}-${pad(m)}-${pad(daysIn(y, m) + 1)}`;
    },
  },
  { label: 'February 30', expect: 'reject', value: (_v, o) => `${parts(addDays(o.today, -60))[0]}-02-30` },
  {
    label: 'February 29 of a common year',
    expect: 'reject',
    value: (_v, o) => {
      let y = parts(o.today)[0];
      while (isLeap(y)) y -= 1;
      return `${y}-02-29`;
    },
  },
  { label: 'month 13', expect: 'reject', value: (_v, o) => `${parts(o.today)[0] - 1}-13-01` },
  { label: 'month 00', expect: 'reject', value: (_v, o) => `${parts(o.today)[0]}-00-01` },
  { label: 'day 00', expect: 'reject', value: (_v, o) => `${parts(o.today)[0]}-${pad(parts(o.today)[1])}-00` },
  {
    label: 'not zero-padded',
    expect: 'reject',
    value: (v) => {
      const [y, m, d] = parts(v);
      return m < 10 || d < 10 ? `${y}-${m}-${d}` : `${y}-${pad(m)}-1`;
    },
  },
  { label: 'with a time part', expect: 'reject', value: (v) => `${v}T00:00:00` },
  { label: 'with a time part and offset', expect: 'reject', value: (v) => `${v}T00:00:00Z` },
  { label: 'ISO 8601 basic format', expect: 'reject', value: (v) => v.replaceAll('-', '') },
  {
    label: 'ISO 8601 ordinal date',
    expect: 'reject',
    value: (v) => `${parts(v)[0]}-${String(Date.parse(`${v}T00:00:00Z`) / 86_400_000 - Date.UTC(parts(v)[0], 0, 0) / 86_400_000).padStart(3, '0')}`,
  },
  { label: 'whitespace before', expect: 'reject', value: (v) => ` ${v}` },
  { label: 'whitespace after', expect: 'reject', value: (v) => `${v} ` },
];

const WRAP = 2n ** 32n;

/**
 * "integer int32": other written forms of the same number (a parser that takes them finds the record or page the
 * sample names), the sample past int32 by 2^32 (a parser that wraps finds it too; boundaries.ts adds the values
 * just past int32), and the forms the spec leaves undecided (a plus sign, leading zeros).
 */
export const INT32_CLASSES: readonly ValueClass[] = [
  { label: 'decimal point', expect: 'reject', value: (v) => `${v}.0` },
  { label: 'exponent', expect: 'reject', value: (v) => `${v}e0` },
  { label: 'whitespace before', expect: 'reject', value: (v) => ` ${v}` },
  { label: 'whitespace after', expect: 'reject', value: (v) => `${v} ` },
  { label: 'hexadecimal', expect: 'reject', value: (v) => (Number(v) >= 0 ? `0x${Number(v).toString(16)}` : undefined) },
  { label: 'wraps to the sample past the int32 maximum', expect: 'reject', value: (v) => String(BigInt(v) + WRAP) },
  { label: 'wraps to the sample past the int32 minimum', expect: 'reject', value: (v) => String(BigInt(v) - WRAP) },
  { label: 'plus sign', expect: 'either', value: (v) => (v.startsWith('-') ? undefined : `+${v}`) },
  { label: 'leading zeros', expect: 'either', value: (v) => (v.startsWith('-') ? `-00${v.slice(1)}` : `00${v}`) },
];

/** Two- and three-byte UTF-8 characters in turn: `n` characters, more octets than that (and no astral ones). */
export const nonAscii = (n: number): string => 'ñ東'.repeat(Math.ceil(n / 2)).slice(0, n);

/**
 * A length "in characters" (Limits): non-ASCII strings exactly at and just past each bound, which a parser that
 * counts UTF-8 octets puts on the wrong side. An e-mail keeps the sample's domain; its non-ASCII local part makes
 * the address unclear as an e-mail (param-check.ts), so its side is the catalog's, and limits.suite.ts judges the
 * length where the target shows it takes such an address.
 */
export const LENGTH_CLASSES: readonly ValueClass[] = [
  { label: 'maxLength: at, non-ASCII', expect: 'accept', value: (v, o) => sized(o.spec.maxLength, v, o) },
  { label: 'maxLength: just past, non-ASCII', expect: 'reject', value: (v, o) => sized(o.spec.maxLength, v, o, 1) },
  { label: 'minLength: at, non-ASCII', expect: 'accept', value: (v, o) => sized(o.spec.minLength, v, o) },
  { label: 'minLength: just past, non-ASCII', expect: 'reject', value: (v, o) => sized(o.spec.minLength, v, o, -1) },
];

function sized(bound: number | undefined, sample: string, o: ClassOptions, beyond = 0): string | undefined {
  if (bound === undefined) return undefined;
  const n = bound + beyond;
  if (o.spec.format !== 'email') return n > 0 ? nonAscii(n) : undefined;
  const domain = split(sample).domain;
  const local = n - domain.length - 1;
  return local > 0 ? `${nonAscii(local)}@${domain}` : undefined;
}

/**
 * A date "not earlier than today minus N days": today in the target's time zone (the profile's), as a calendar
 * day — not UTC's day, nor the day of the instant now − N × 24 h (limit-rules.ts reports which of those
 * readings the run's moment tells apart).
 */
export const RELATIVE_BOUND_CLASSES: readonly ValueClass[] = [
  { label: 'just inside', expect: 'accept', value: (_v, o) => bound(o, -1) },
  { label: 'at', expect: 'accept', value: (_v, o) => bound(o, 0) },
  { label: 'just past', expect: 'reject', value: (_v, o) => bound(o, 1) },
  // The bound is from today, not from the other end of the period: a hasta long before today moves neither side.
  { label: 'at, with an earlier hasta', expect: 'accept', value: (_v, o) => bound(o, 0), with: (o) => ({ hasta: addDays(o.today, -30) }) },
  { label: 'just past, with an earlier hasta', expect: 'reject', value: (_v, o) => bound(o, 1), with: (o) => ({ hasta: addDays(o.today, -30) }) },
];

function bound(o: ClassOptions, beyond: number): string | undefined {
  const n = o.spec.minDaysBeforeToday;
  return n === undefined ? undefined : addDays(o.today, -(n + beyond));
}

/** The class tables that apply to a parameter, each with the label prefix its cases carry. */
export function classTablesOf(spec: ParamSpec): { prefix: string; classes: readonly ValueClass[] }[] {
  const tables: { prefix: string; classes: readonly ValueClass[] }[] = [];
  if (spec.format === 'email') tables.push({ prefix: 'e-mail class', classes: EMAIL_CLASSES });
  if (spec.type === 'date') tables.push({ prefix: 'date class', classes: DATE_CLASSES });
  if (spec.format === 'int32') tables.push({ prefix: 'int32 class', classes: INT32_CLASSES });
  if (spec.type === 'string' && (spec.maxLength !== undefined || spec.minLength !== undefined))
    tables.push({ prefix: 'length class', classes: LENGTH_CLASSES });
  if (spec.minDaysBeforeToday !== undefined) tables.push({ prefix: `today minus ${spec.minDaysBeforeToday} days`, classes: RELATIVE_BOUND_CLASSES });
  return tables;
}
