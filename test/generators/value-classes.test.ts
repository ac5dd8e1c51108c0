import { describe, expect, it } from 'vitest';
import { addDays, checkParam, ENDPOINTS, INT32, LIMITS, utf8Octets, type ParamSpec } from '../../models/index.ts';
import { boundaryCases } from '../../generators/boundaries.ts';
import {
  classTablesOf,
  DATE_CLASSES,
  EMAIL_CLASSES,
  INT32_CLASSES,
  LENGTH_CLASSES,
  nonAscii,
  RELATIVE_BOUND_CLASSES,
  type ValueClass,
} from '../../generators/value-classes.ts';

// Issue 21: invalid-value classes per type, one table per format, each class made from a valid sample of the
// parameter. The table says what each class is meant to be; models/param-check.ts decides; the two must agree,
// on every parameter of the format and on days that move the calendar (leap years, January, month ends).

const TODAYS = ['2026-11-22', '2028-03-01', '2027-01-03', '2026-12-31', '2024-02-29'];
const params = (test: (p: ParamSpec) => boolean) => ENDPOINTS.flatMap((e) => e.params.filter(test).map((p) => ({ e, p })));
const SAMPLES: Record<string, string[]> = {
  email: ['admin@autosdelsur.example', 'ana.paz+ventas@mail.example.test', 'X@EXAMPLE.TEST'],
  int32: ['1', '7', '99', '2147483647', '-5'],
  date: [],
};

function agrees(k: ValueClass, p: ParamSpec, sample: string, today: string): void {
  const value = k.value(sample, { spec: p, today });
  if (value === undefined) return;
  const v = checkParam(p, value, today);
  const verdict = v.valid ? 'accept' : v.clear ? 'reject' : 'either';
  expect(verdict, `${p.name} ${k.label}: ${JSON.stringify(value)} (${v.valid ? '' : v.reason})`).toBe(k.expect);
}

describe('the invalid-value classes agree with the catalog', () => {
  it('e-mail: every class of every e-mail parameter, from valid addresses', () => {
    for (const { p } of params((p) => p.format === 'email'))
      for (const k of EMAIL_CLASSES) for (const sample of SAMPLES.email!) agrees(k, p, sample, TODAYS[0]!);
  });

  it('date: every class of desde and hasta, from days of the period, on days that move the calendar', () => {
    for (const today of TODAYS)
      for (const { p } of params((p) => p.type === 'date'))
        for (const k of DATE_CLASSES) for (const back of [0, 10, 89]) agrees(k, p, addDays(today, -back), today);
  });

  it('int32: every class of path ids, region and pagina, from valid numbers', () => {
    for (const { p } of params((p) => p.format === 'int32'))
      for (const k of INT32_CLASSES)
        for (const sample of SAMPLES.int32!) if (!(p.maximum !== undefined && Number(sample) > p.maximum)) agrees(k, p, sample, TODAYS[0]!);
  });

  it('length: non-ASCII strings at and past each bound, counted in characters (an e-mail stays unclear)', () => {
    for (const { p } of params((p) => p.type === 'string' && p.format !== 'email' && (p.maxLength !== undefined || p.minLength !== undefined)))
      for (const k of LENGTH_CLASSES) agrees(k, p, 'sample', TODAYS[0]!);
    const adminMail = params((p) => p.name === 'adminMail')[0]!.p;
    const at = LENGTH_CLASSES[0]!.value('admin@example.test', { spec: adminMail, today: TODAYS[0]! })!;
    expect([...at]).toHaveLength(LIMITS.adminMail.maxLength);
    expect(checkParam(adminMail, at, TODAYS[0]!)).toMatchObject({ valid: false, clear: false });
    const past = LENGTH_CLASSES[1]!.value('admin@example.test', { spec: adminMail, today: TODAYS[0]! })!;
    expect(checkParam(adminMail, past, TODAYS[0]!)).toMatchObject({ valid: false, clear: true });
  });

  it('relative bound: today minus 89, 90 and 91 days, and 90 and 91 beside a hasta a month before today', () => {
    const desde = params((p) => p.minDaysBeforeToday !== undefined)[0]!.p;
    for (const today of TODAYS) {
      expect(RELATIVE_BOUND_CLASSES.map((k) => k.value('', { spec: desde, today }))).toEqual([89, 90, 91, 90, 91].map((n) => addDays(today, -n)));
      expect(RELATIVE_BOUND_CLASSES.map((k) => k.with?.({ spec: desde, today }).hasta)).toEqual([
        undefined,
        undefined,
        undefined,
        addDays(today, -30),
        addDays(today, -30),
      ]);
      for (const k of RELATIVE_BOUND_CLASSES) agrees(k, desde, '', today);
    }
  });
});

describe('the classes a lenient parser takes would show', () => {
  it('gives a non-ASCII string of n characters more than n UTF-8 octets', () => {
    for (const n of [19, 20, 30, 31, 50, 80, 81]) {
      expect([...nonAscii(n)]).toHaveLength(n);
      expect(nonAscii(n)).toHaveLength(n);
      expect(utf8Octets(nonAscii(n))).toBeGreaterThan(n);
    }
  });

  it('puts a day that does not exist where rolling it over lands in the last three months, every day of a year', () => {
    const hasta = params((p) => p.type === 'date')[0]!.p;
    for (let back = 0; back < 366; back++) {
      const today = addDays('2028-12-31', -back);
      const value = DATE_CLASSES.find((k) => k.label === 'day past the end of its month')!.value('', { spec: hasta, today })!;
      const [y, m, d] = value.split('-').map(Number) as [number, number, number];
      const rolled = new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
      expect(rolled, value).not.toBe(value);
      expect(rolled <= today && rolled >= addDays(today, -92), `${value} → ${rolled} (today ${today})`).toBe(true);
    }
  });

  it('wraps the sample past int32 by 2^32, so that a 32-bit parser finds it', () => {
    for (const label of ['wraps to the sample past the int32 maximum', 'wraps to the sample past the int32 minimum']) {
      const k = INT32_CLASSES.find((c) => c.label === label)!;
      for (const sample of SAMPLES.int32!) {
        const value = BigInt(k.value(sample, { spec: params((p) => p.format === 'int32')[0]!.p, today: TODAYS[0]! })!);
        expect(value > BigInt(INT32.max) || value < BigInt(INT32.min)).toBe(true);
        expect(BigInt.asIntN(32, value)).toBe(BigInt(sample));
      }
    }
  });
});

describe('the boundary phase carries every table to every parameter of its format', () => {
  it('labels each case by its table and class, and makes it from the sample given', () => {
    for (const { p } of params(() => true)) {
      const cases = boundaryCases(p, {
        today: TODAYS[0]!,
        domain: 'example.test',
        sample: p.format === 'email' ? 'admin@autosdelsur.example' : p.type === 'integer' ? '7' : addDays(TODAYS[0]!, -3),
      });
      for (const { prefix, classes } of classTablesOf(p)) {
        const labels = cases.filter((c) => c.label.startsWith(`${prefix}: `)).map((c) => c.label.slice(prefix.length + 2));
        expect(labels.length, `${p.name} ${prefix}`).toBeGreaterThan(0);
        for (const label of labels) expect(classes.some((k) => k.label === label)).toBe(true);
      }
    }
    const adminMail = boundaryCases(params((p) => p.name === 'adminMail')[0]!.p, {
      today: TODAYS[0]!,
      domain: 'example.test',
      sample: 'admin@autosdelsur.example',
    });
    expect(adminMail.find((c) => c.label === 'e-mail class: whitespace before')!.value).toBe(' admin@autosdelsur.example');
    const pagina = boundaryCases(params((p) => p.name === 'pagina')[0]!.p, { today: TODAYS[0]!, domain: 'example.test' });
    expect(pagina.find((c) => c.label === 'int32 class: wraps to the sample past the int32 maximum')!.value).toBe(String(2 ** 32 + 1));
  });
});
