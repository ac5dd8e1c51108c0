import { listEntries, parseOffsetDateTime } from '../../models/index.ts';

// Walks over parsed bodies: the link objects and timestamps a body carries wherever they sit, and a deep
// equality that compares timestamps as instants (never as strings across offsets).

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

const instant = (v: unknown): number | undefined => (typeof v === 'string' ? parseOffsetDateTime(v)?.epochMs : undefined);

/**
 * The path of the first difference between two JSON values, or undefined when they are equal. Strings that
 * both read as offset date-times are equal when they name the same instant. Members named in `ignore` are
 * left out at every depth.
 */
export function firstDifference(a: unknown, b: unknown, ignore: readonly string[] = [], path = ''): string | undefined {
  if (a === b) return undefined;
  const ia = instant(a);
  if (ia !== undefined && ia === instant(b)) return undefined;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${path || '(root)'} (length ${a.length} vs ${b.length})`;
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], ignore, join(path, i));
      if (d !== undefined) return d;
    }
    return undefined;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => !ignore.includes(k)));
    for (const key of keys) {
      const [x, y] = [(a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]];
      if (!Object.hasOwn(a, key) || !Object.hasOwn(b, key)) return `${join(path, key)} (present in one only)`;
      const d = firstDifference(x, y, ignore, join(path, key));
      if (d !== undefined) return d;
    }
    return undefined;
  }
  return path || '(root)';
}

/** A canonical text of a JSON value (sorted keys, date-times as instants, `ignore`d members left out): equal values, equal keys. */
export function canonicalKey(value: unknown, ignore: readonly string[] = []): string {
  const norm = (v: unknown): unknown => {
    const t = instant(v);
    if (t !== undefined) return `@${t}`;
    if (Array.isArray(v)) return v.map(norm);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v)
          .filter((k) => !ignore.includes(k))
          .sort()
          .map((k) => [k, norm((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return JSON.stringify(norm(value));
}
