import { listEntries, type Comparison } from '../../models/index.ts';

// Walks over parsed bodies: the link objects and timestamps a body carries wherever they sit. Deep equality
// (timestamps as instants) is models/json-compare.ts.

export interface Found {
  /** Where the value sits, e.g. `_entries.3._links.self`. */
  path: string;
  value: unknown;
}

const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);

function visit(value: unknown, path: string, at: (key: string, value: unknown, path: string) => void): void {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) visit(item, join(path, i), at);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      at(key, member, join(path, key));
      visit(member, join(path, key), at);
    }
  }
}

/**
 * Link object: every member of every `_links` map ("map of relation name to link object"), and, in a
 * reference-form body, the entries of a list or the body itself ("each list entry is only a link object").
 */
export function linksIn(body: unknown, refForm: boolean): Found[] {
  const found: Found[] = [];
  visit(body, '', (key, member, path) => {
    if (key !== '_links' || member === null || typeof member !== 'object' || Array.isArray(member)) return;
    for (const [relation, link] of Object.entries(member)) found.push({ path: join(path, relation), value: link });
  });
  if (refForm) {
    const entries = listEntries(body);
    if (entries) {
      for (const [i, entry] of entries.entries()) found.push({ path: `entry ${i}`, value: entry });
    }
    // A single resource in reference form is shown as a link object only for Consulta: judge a body as one
    // only when it looks like one.
    else if (body !== null && typeof body === 'object' && 'href' in body) found.push({ path: '(body)', value: body });
  }
  return found;
}

/** Members with one of `names` anywhere in the body (Momento, Desde, Hasta are the spec's date-times). */
export function membersNamed(body: unknown, names: readonly string[]): Found[] {
  const found: Found[] = [];
  visit(body, '', (key, member, path) => {
    if (names.includes(key)) found.push({ path, value: member });
  });
  return found;
}

/** A whole string value shaped like a date and a time of day (`2025-06-01T10:00…`): a timestamp, whatever its member. */
const TIMESTAMP_SHAPE = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}/;

/** Object members whose value is a string shaped like a timestamp, anywhere in the body (fields not shown included). */
export function timestampLike(body: unknown): Found[] {
  const found: Found[] = [];
  visit(body, '', (_key, member, path) => {
    if (typeof member === 'string' && TIMESTAMP_SHAPE.test(member)) found.push({ path, value: member });
  });
  return found;
}

/**
 * What the suites' deep equality of records leaves out: their links, wherever they sit (navigation, not content),
 * and the order of their arrays, which the spec gives for none of the representations whose fields are not shown
 * (a page's entries are the exception: harness/same-record.ts `recordComparison` keeps the orders models/ gives).
 */
export const LINKS_ANYWHERE: Comparison = { members: ['_links'], at: 'every-depth', arrays: 'unordered' };
