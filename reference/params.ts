import { checkParam, type ParamSpec } from '../models/index.ts';
import type { Errors } from './reply.ts';

// One validator for every parameter of every row: the catalog's ParamSpec (minLength, maxLength, maximum,
// minDaysBeforeToday, format) judged by models' checkParam, so no limit is written twice (issue 3).

export interface ParamCheck {
  /** Decoded values of the parameters present. */
  values: Record<string, string>;
  errors: Errors;
  /** Whether a path parameter failed: its row's refusal may differ from a query parameter's. */
  pathFailed: boolean;
}

/**
 * `path` holds the decoded path segments by parameter name; null marks a segment whose percent-encoding
 * is malformed. A repeated query parameter counts by its first value.
 */
export function checkParams(specs: readonly ParamSpec[], path: Readonly<Record<string, string | null>>, query: URLSearchParams, today: string): ParamCheck {
  const result: ParamCheck = { values: {}, errors: {}, pathFailed: false };
  const fail = (spec: ParamSpec, reason: string) => {
    result.errors[spec.name] = [`${spec.name}: ${reason}`];
    if (spec.in === 'path') result.pathFailed = true;
  };
  for (const spec of specs) {
    let raw: string | undefined;
    if (spec.in === 'path') {
      const decoded = path[spec.name];
      if (decoded === null || decoded === undefined) {
        fail(spec, 'malformed percent-encoding');
        continue;
      }
      raw = decoded;
    } else {
      raw = query.get(spec.name) ?? undefined;
    }
    const verdict = checkParam(spec, raw, today);
    if (!verdict.valid) fail(spec, verdict.reason);
    else if (raw !== undefined && raw !== '') result.values[spec.name] = raw;
  }
  return result;
}
