import { parseOffsetDateTime } from '../../models/index.ts';

// A JSON value as text that two representations of the same state share: members sorted, arrays sorted, and
// date-times masked (when something was created or changed is not what it is). For comparing bodies whose
// fields the spec does not show.

const TIME = '<date-time>';

/** Canonical JSON: object members sorted, arrays sorted by their canonical text, date-times masked. */
export function canonical(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(parseOffsetDateTime(value) ? TIME : value);
  if (Array.isArray(value)) return `[${value.map(canonical).sort().join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${members.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}
