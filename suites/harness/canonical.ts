import { parseOffsetDateTime } from '../../models/index.ts';

// A JSON value as text that two representations of the same state share: members sorted, arrays sorted, and
// date-times masked (when something was created or changed is not what it is). For comparing bodies whose
// fields the spec does not show.

const TIME = '<date-time>';

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/**
 * Canonical JSON: object members sorted, arrays sorted by their canonical text, date-times masked. `leftOut`
 * names members left out with all they hold (dotted from the top, every array index written `*`, as
 * models/json-compare.ts `volatilePaths` gives them): those that change from one read to the next.
 */
export function canonical(value: unknown, leftOut: readonly string[] = [], path = ''): string {
  if (typeof value === 'string') return JSON.stringify(parseOffsetDateTime(value) ? TIME : value);
  if (Array.isArray(value))
    return `[${value
      .map((v) => canonical(v, leftOut, join(path, '*')))
      .sort()
      .join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value)
      .filter(([k]) => !leftOut.includes(join(path, k)))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${members.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v, leftOut, join(path, k))}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}
