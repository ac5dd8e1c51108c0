import { addDays, INT32, type ParamSpec } from '../models/index.ts';
import { emailOfLength, tokenOfLength } from './text.ts';

// The deterministic boundary phase: for every bound a ParamSpec carries, the values exactly at it, just
// inside it and just past it, each labelled with the verdict the catalog implies.

export interface BoundaryCase {
  param: string;
  value: string;
  expect: 'accept' | 'reject';
  /** Which bound this probes, e.g. "maxLength 50: at". */
  label: string;
}

export interface BoundaryOptions {
  today: string;
  domain: string;
}

function stringCases(spec: ParamSpec, o: BoundaryOptions): BoundaryCase[] {
  const make = (n: number) => (spec.format === 'email' ? emailOfLength(n, o.domain, `b${n}`) : tokenOfLength(n, `b${n}`));
  const cases: BoundaryCase[] = [];
  const add = (n: number, expect: BoundaryCase['expect'], label: string) =>
    cases.push({ param: spec.name, value: make(n), expect, label });
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
  }
  return cases;
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

function dateCases(spec: ParamSpec, o: BoundaryOptions): BoundaryCase[] {
  if (spec.minDaysBeforeToday === undefined) return [];
  const n = spec.minDaysBeforeToday;
  return [
    { param: spec.name, value: addDays(o.today, -(n - 1)), expect: 'accept', label: `today minus ${n} days: just inside` },
    { param: spec.name, value: addDays(o.today, -n), expect: 'accept', label: `today minus ${n} days: at` },
    { param: spec.name, value: addDays(o.today, -(n + 1)), expect: 'reject', label: `today minus ${n} days: just past` },
  ];
}

export function boundaryCases(spec: ParamSpec, o: BoundaryOptions): BoundaryCase[] {
  switch (spec.type) {
    case 'string':
      return stringCases(spec, o);
    case 'integer':
      return integerCases(spec);
    case 'date':
      return dateCases(spec, o);
    case 'boolean':
      return [];
  }
}
