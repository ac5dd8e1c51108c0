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
    // Stryker disable next-line ArrayDeclaration,StringLiteral: Errors: "map from property name to an array of message strings" (how many messages, and what they say, is the server's)
    result.errors[spec.name] = [`${spec.name}: ${reason}`];
    // Stryker disable next-line ConditionalExpression,BooleanLiteral: Endpoints: "Every endpoint may answer 400 … unless the table lists only other codes": on the rows listing neither (the agency URI's OPTIONS) a bad segment may get 400 or the 404 of a name that is no resource
    if (spec.in === 'path') result.pathFailed = true;
  };
  for (const spec of specs) {
    let raw: string | undefined;
    if (spec.in === 'path') {
      const decoded = path[spec.name] ?? null;
      if (decoded === null) {
        // Stryker disable next-line StringLiteral: Errors: "an array of message strings" (what a message says is the server's)
        fail(spec, 'malformed percent-encoding');
        continue;
      }
      raw = decoded;
    } else {
      raw = query.get(spec.name) ?? undefined;
    }
    const verdict = checkParam(spec, raw, today);
    if (!verdict.valid) fail(spec, verdict.reason);
    // What an empty value (`?externalid=`) selects is not shown: the reference reads it as absent.
    else if (raw) result.values[spec.name] = raw;
  }
  return result;
}
