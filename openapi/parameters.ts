import { INT32, type Endpoint, type ParamSpec } from '../models/index.ts';
import { gapMarks } from './gap-marks.ts';
import type { JsonSchema } from './schemas.ts';

// The catalog's parameters as OpenAPI Parameter Objects: type, format and every limit of the row and of the
// Limits table (models/limits.ts through models/endpoints/), read from the ParamSpec the suites test with.

const TYPES: Readonly<Record<ParamSpec['type'], JsonSchema>> = {
  string: { type: 'string' },
  integer: { type: 'integer' },
  boolean: { type: 'boolean' },
  date: { type: 'string', format: 'date' },
};

const FORMATS: Readonly<Record<NonNullable<ParamSpec['format']>, JsonSchema>> = {
  email: { format: 'email' },
  int32: { format: 'int32', minimum: INT32.min, maximum: INT32.max },
};

function paramSchema(p: ParamSpec): JsonSchema {
  return {
    ...TYPES[p.type],
    ...(p.format ? FORMATS[p.format] : {}),
    ...(p.minLength !== undefined ? { minLength: p.minLength } : {}),
    ...(p.maxLength !== undefined ? { maxLength: p.maxLength } : {}),
    ...(p.maximum !== undefined ? { maximum: p.maximum } : {}),
    ...(p.default !== undefined ? { default: p.default } : {}),
  };
}

/** A limit JSON Schema cannot state (it is relative to the target's today) stays beside the schema. */
const relativeLimits = (p: ParamSpec) => (p.minDaysBeforeToday !== undefined ? { 'x-vmp-min-days-before-today': p.minDaysBeforeToday } : {});

function description(p: ParamSpec): string {
  const matched = p.matchedAgainst ? `; matched against ${p.matchedAgainst.join(', ')}` : '';
  const earliest = p.minDaysBeforeToday !== undefined ? `; not earlier than today minus ${p.minDaysBeforeToday} days` : '';
  return `${p.description}${matched}${earliest}`;
}

export function parameterObject(e: Endpoint, p: ParamSpec, filled: ReadonlySet<string>, extra: JsonSchema = {}): JsonSchema {
  return {
    name: p.name,
    in: p.in,
    required: p.required,
    description: description(p),
    schema: { ...paramSchema(p), ...extra },
    ...relativeLimits(p),
    ...(p.matchedAgainst ? { 'x-vmp-matched-against': p.matchedAgainst } : {}),
    ...gapMarks({ kind: 'parameter', endpoint: e, param: p }, filled),
  };
}
