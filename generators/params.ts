import fc from 'fast-check';
import { addDays, INT32, type ParamSpec } from '../models/index.ts';
import { emailArbitrary, nonEmailArbitrary, oddUnicodeArbitrary } from './text.ts';
import { emailFormArbitrary, longStringArbitrary, oddCharactersArbitrary } from './tricky.ts';

// The random phase: for each ParamSpec, an arbitrary that ranges well past its bounds on both sides
// (issue 4: e-mails of 1..50 and 51..200 characters, non-e-mails, sids of 0..60, topics of 0..200,
// pagina from -5 to 200, dates around today minus 90, integers past int32, odd Unicode), mixed with the
// inputs real implementations trip on (tricky.ts, issue 12: RFC 5322 e-mail forms, URL-special and
// non-ASCII characters in query strings, long strings where no maximum is stated). Suites classify each
// drawn value with checkParam() from models/, so validity is judged by the catalog, not here.

const token = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_'), minLength: min, maxLength: max });

function stringArbitrary(spec: ParamSpec, domain: string): fc.Arbitrary<string> {
  if (spec.format === 'email') {
    const max = spec.maxLength ?? 50;
    const localMax = (n: number) => Math.max(1, n - domain.length - 1);
    return fc.oneof(
      { arbitrary: emailArbitrary(domain, 1, localMax(max)), weight: 4 },
      { arbitrary: emailArbitrary(domain, localMax(max + 1), localMax(max * 4)), weight: 3 },
      { arbitrary: nonEmailArbitrary, weight: 2 },
      { arbitrary: oddUnicodeArbitrary.filter((s) => s !== ''), weight: 1 },
      { arbitrary: emailFormArbitrary(domain), weight: 2 },
      ...unbounded(spec, domain),
    );
  }
  const max = spec.maxLength ?? 30;
  return fc.oneof(
    { arbitrary: token(Math.max(1, spec.minLength ?? 1), max), weight: 4 },
    { arbitrary: token(0, Math.max(max * 2, 60)), weight: 3 },
    { arbitrary: oddUnicodeArbitrary, weight: 1 },
    ...(spec.in === 'query' ? [{ arbitrary: oddCharactersArbitrary, weight: 2 }] : []),
    ...unbounded(spec, domain),
  );
}

/** Long strings (long e-mails for an e-mail parameter), now and then, where the spec states no maximum. */
function unbounded(spec: ParamSpec, domain: string): fc.WeightedArbitrary<string>[] {
  if (spec.maxLength !== undefined) return [];
  const long = spec.format === 'email' ? longStringArbitrary.map((s) => `${s}@${domain}`) : longStringArbitrary;
  return [{ arbitrary: long, weight: 1 }];
}

function integerArbitrary(spec: ParamSpec): fc.Arbitrary<string> {
  const top = spec.maximum ?? 1000;
  return fc.oneof(
    { arbitrary: fc.integer({ min: -5, max: top * 2 + 2 }).map(String), weight: 5 },
    { arbitrary: fc.constantFrom(INT32.max, INT32.max + 1, INT32.min, INT32.min - 1, 2 ** 53).map(String), weight: 1 },
    { arbitrary: fc.constantFrom('1.5', 'abc', '0x10', ' 1', '1e3', '٣'), weight: 1 },
  );
}

function dateArbitrary(spec: ParamSpec, today: string): fc.Arbitrary<string> {
  const span = (spec.minDaysBeforeToday ?? 90) + 10;
  return fc.oneof(
    { arbitrary: fc.integer({ min: -span, max: 5 }).map((d) => addDays(today, d)), weight: 5 },
    { arbitrary: fc.constantFrom('2026-02-30', '20260101', 'yesterday', '2026-13-01', `${today}T00:00:00Z`), weight: 1 },
  );
}

export function paramArbitrary(spec: ParamSpec, o: { today: string; domain: string }): fc.Arbitrary<string> {
  switch (spec.type) {
    case 'string':
      return stringArbitrary(spec, o.domain);
    case 'integer':
      return integerArbitrary(spec);
    case 'boolean':
      return fc.constantFrom('true', 'false', 'TRUE', 'yes', '1', '');
    case 'date':
      return dateArbitrary(spec, o.today);
  }
}
