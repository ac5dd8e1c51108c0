import { addDays, checkParam, INT32, type ParamSpec } from '../models/index.ts';
import { emailOfLength, tokenOfLength } from './text.ts';
import { emailForms, longValues, mixedCase, ODD_CHARACTERS } from './tricky.ts';
import { classTablesOf } from './value-classes.ts';

// The deterministic boundary phase: for every bound a ParamSpec carries, the values exactly at it, just
// inside it and just past it, each labelled with the verdict the catalog implies; and the inputs real
// implementations trip on (tricky.ts): RFC 5322 e-mail forms, odd characters in query strings, long strings
// where the spec states no limit; and the invalid-value classes of the parameter's format (value-classes.ts),
// made from a valid sample of it. `either` marks values the spec does not decide: only a documented code
// (and no 5xx) is expected of them.

export interface BoundaryCase {
  param: string;
  value: string;
  expect: 'accept' | 'reject' | 'either';
  /** Which bound or form this probes, e.g. "maxLength 50: at", "RFC 5322 form: plus-addressing". */
  label: string;
  /** Other query parameters the case is sent with (valid values), e.g. the hasta a bound on desde must ignore. */
  with?: Record<string, string>;
}

export interface BoundaryOptions {
  today: string;
  domain: string;
  /**
   * A valid value of the parameter that names something the target has (an agency's adminMail, a record's id),
   * from which the invalid-value classes are made; a made-up valid value when absent.
   */
  sample?: string;
}

function stringCases(spec: ParamSpec, o: BoundaryOptions): BoundaryCase[] {
  const make = (n: number) => (spec.format === 'email' ? emailOfLength(n, o.domain, `b${n}`) : tokenOfLength(n, `b${n}`));
  const cases: BoundaryCase[] = [];
  const add = (n: number, expect: BoundaryCase['expect'], label: string) => cases.push({ param: spec.name, value: make(n), expect, label });
  if (spec.maxLength !== undefined) {
    add(spec.maxLength - 1, 'accept', `maxLength ${spec.maxLength}: just inside`);
    add(spec.maxLength, 'accept', `maxLength ${spec.maxLength}: at`);
    add(spec.maxLength + 1, 'reject', `maxLength ${spec.maxLength}: just past`);
  }
  if (spec.minLength !== undefined) {
    add(spec.minLength, 'accept', `minLength ${spec.minLength}: at`);
    add(spec.minLength + 1, 'accept', `minLength ${spec.minLength}: just inside`);
    add(spec.minLength - 1, 'reject', `minLength ${spec.minLength}: just past`);
  }
  if (spec.format === 'email') {
    cases.push({ param: spec.name, value: tokenOfLength(20, 'noat'), expect: 'reject', label: 'e-mail format: no @' });
    if (spec.maxLength !== undefined) {
      // "matched case-insensitively": a mixed-case address exactly at the bound is as valid as a lower-case one.
      const value = mixedCase(emailOfLength(spec.maxLength, o.domain.toUpperCase(), 'u'));
      cases.push({ param: spec.name, value, expect: 'accept', label: `maxLength ${spec.maxLength}: at, upper case` });
    }
    for (const f of emailForms(o.domain)) {
      cases.push({ param: spec.name, value: f.value, expect: verdictOf(spec, f.value, o.today), label: `RFC 5322 form: ${f.label}` });
    }
  }
  if (spec.in === 'query') {
    // In an e-mail parameter the characters sit in the local part, and the catalog judges the address.
    for (const t of ODD_CHARACTERS) {
      const value = spec.format === 'email' ? `${t.value}@${o.domain}` : t.value;
      cases.push({ param: spec.name, value, expect: spec.format === 'email' ? verdictOf(spec, value, o.today) : 'either', label: `characters: ${t.label}` });
    }
  }
  for (const t of longValues(spec, o.domain)) cases.push({ param: spec.name, value: t.value, expect: 'either', label: `no stated limit: ${t.label}` });
  return cases;
}

/** The catalog's verdict on a value as a boundary expectation: valid → accept, clearly invalid → reject, else either. */
function verdictOf(spec: ParamSpec, value: string, today: string): BoundaryCase['expect'] {
  const v = checkParam(spec, value, today);
  return v.valid ? 'accept' : v.clear ? 'reject' : 'either';
}

function integerCases(spec: ParamSpec): BoundaryCase[] {
  const cases: BoundaryCase[] = [];
  if (spec.maximum !== undefined) {
    cases.push(
      { param: spec.name, value: String(spec.maximum - 1), expect: 'accept', label: `maximum ${spec.maximum}: just inside` },
      { param: spec.name, value: String(spec.maximum), expect: 'accept', label: `maximum ${spec.maximum}: at` },
      { param: spec.name, value: String(spec.maximum + 1), expect: 'reject', label: `maximum ${spec.maximum}: just past` },
    );
  }
  if (spec.format === 'int32') {
    cases.push(
      { param: spec.name, value: String(INT32.max + 1), expect: 'reject', label: 'int32: just past the maximum' },
      { param: spec.name, value: String(INT32.min - 1), expect: 'reject', label: 'int32: just past the minimum' },
    );
  }
  return cases;
}

/** A valid value of the parameter when the caller knows none that names something. */
function madeUpSample(spec: ParamSpec, o: BoundaryOptions): string {
  if (spec.format === 'email') return emailOfLength(Math.min(spec.maxLength ?? 30, o.domain.length + 12), o.domain, 'sample');
  if (spec.type === 'integer') return '1';
  if (spec.type === 'date') return addDays(o.today, -10);
  return tokenOfLength(spec.minLength ?? 10, 'sample');
}

/** The invalid-value classes of the parameter's format(s), each labelled `<table>: <class>`, judged by the catalog. */
function classCases(spec: ParamSpec, o: BoundaryOptions): BoundaryCase[] {
  const sample = o.sample ?? madeUpSample(spec, o);
  return classTablesOf(spec).flatMap(({ prefix, classes }) =>
    classes.flatMap((k) => {
      const options = { spec, today: o.today };
      const value = k.value(sample, options);
      if (value === undefined) return [];
      return [
        { param: spec.name, value, expect: verdictOf(spec, value, o.today), label: `${prefix}: ${k.label}`, ...(k.with ? { with: k.with(options) } : {}) },
      ];
    }),
  );
}

function typeCases(spec: ParamSpec, o: BoundaryOptions): BoundaryCase[] {
  switch (spec.type) {
    case 'string':
      return stringCases(spec, o);
    case 'integer':
      return integerCases(spec);
    case 'date':
    case 'boolean':
      return [];
  }
}

export function boundaryCases(spec: ParamSpec, o: BoundaryOptions): BoundaryCase[] {
  return [...typeCases(spec, o), ...classCases(spec, o)];
}
