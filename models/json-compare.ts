import { parseOffsetDateTime } from './datetime.ts';

// Deep equality of JSON representations as the spec reads them (Conventions: timestamps are date-times with an
// offset, so two that name the same instant are the same value, whatever their offsets), for the suites (a record
// read one way equals the record read another) and the simulator (a delivered inquiry equals the injected one).

/**
 * Members a comparison leaves out, and where: `top` only among the top-level members (the simulator: the injected
 * inquiry lacks the delivered Consulta's `_links`, while a `_links` inside it would be content), `every-depth`
 * wherever they sit (the suites: a record's links, at any depth, are not its content).
 */
export interface IgnoredMembers {
  readonly members: readonly string[];
  readonly at: 'top' | 'every-depth';
}

/**
 * A comparison's further choices. Paths are dotted from the top, every array index written `*`
 * (`Operadores.*.Email`).
 * - `arrays: 'unordered'` compares arrays as multisets (the spec gives no order for the arrays of a
 *   representation whose fields are not shown), except those at an `ordered` path (models/representations.ts
 *   `orderedArrays`: the inquiry pages' entries); the default keeps every array's order.
 * - `paths` are members left out with all they hold: those that differ between two reads of the same URL
 *   (`volatilePaths`), which are no part of what the record is.
 * - `summary`: the second value is a summary of the first (a list entry of the record its self link leads to):
 *   only the members it has are compared, at every depth; the first may have more (a representation whose
 *   fields are not shown may list fewer of them), never other values, and arrays keep every item.
 */
export interface Comparison extends IgnoredMembers {
  readonly arrays?: 'ordered' | 'unordered';
  readonly summary?: boolean;
  readonly ordered?: readonly string[];
  readonly paths?: readonly string[];
}

const NOTHING: Comparison = { members: [], at: 'top' };

const instant = (v: unknown): number | undefined => (typeof v === 'string' ? parseOffsetDateTime(v)?.epochMs : undefined);
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
/** Whether the walk, at `depth` (0 is the top) and `pattern` (the path with indices as `*`), keeps the member `key`. */
const kept = (o: Comparison, depth: number, pattern: string, key: string) =>
  (!o.members.includes(key) || (o.at === 'top' && depth > 0)) && !o.paths?.includes(join(pattern, key));
const multiset = (o: Comparison, pattern: string) => o.arrays === 'unordered' && !o.ordered?.includes(pattern);

function short(v: unknown): string {
  const text = v === undefined ? 'undefined' : JSON.stringify(v);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** Where `a` and `b` differ, each place once (`all`) or only the first; an unordered array that differs is one place. */
function differencesAt(a: unknown, b: unknown, o: Comparison, path: string, pattern: string, depth: number, all: boolean, out: string[]): void {
  if (a === b) return;
  const ia = instant(a);
  if (ia !== undefined && ia === instant(b)) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (multiset(o, pattern)) {
      const extra = unmatched(a, b, o, pattern, depth);
      if (extra === undefined) return;
      if (all) out.push(pattern);
      else if (extra < a.length) out.push(`${join(path, extra)}: ${short(a[extra])} ≠ no such item (in any order)`);
      else out.push(`${path || '(root)'}: ${a.length} items ≠ ${b.length} items`);
      return;
    }
    if (a.length !== b.length) {
      out.push(all ? pattern : `${path || '(root)'}: ${a.length} items ≠ ${b.length} items`);
      return;
    }
    for (let i = 0; i < a.length && (all || out.length === 0); i++) differencesAt(a[i], b[i], o, join(path, i), join(pattern, '*'), depth + 1, all, out);
    return;
  }
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...(o.summary ? [] : Object.keys(a)), ...Object.keys(b)].filter((k) => kept(o, depth, pattern, k)));
    for (const key of keys) {
      if (!all && out.length > 0) return;
      if (!Object.hasOwn(a, key)) out.push(all ? join(pattern, key) : `${join(path, key)}: absent ≠ ${short(b[key])}`);
      else if (!Object.hasOwn(b, key)) out.push(all ? join(pattern, key) : `${join(path, key)}: ${short(a[key])} ≠ absent`);
      else differencesAt(a[key], b[key], o, join(path, key), join(pattern, key), depth + 1, all, out);
    }
    return;
  }
  out.push(all ? pattern : `${path || '(root)'}: ${short(a)} ≠ ${short(b)}`);
}

/** The index of an item of `a` that `b` lacks, counting repeats (multisets), or of a's surplus; undefined when equal. */
function unmatched(a: unknown[], b: unknown[], o: Comparison, pattern: string, depth: number): number | undefined {
  const items = join(pattern, '*');
  const counts = new Map<string, number>();
  for (const v of b) {
    const t = canonicalText(v, o, items, depth + 1);
    counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  for (let i = 0; i < a.length; i++) {
    const t = canonicalText(a[i], o, items, depth + 1);
    const n = counts.get(t) ?? 0;
    if (n === 0) return i;
    counts.set(t, n - 1);
  }
  return a.length === b.length ? undefined : a.length;
}

/**
 * The first difference between two JSON values — its path (`Auto.Marca`, `(root)`) with both values, shortened —
 * or undefined when they are equal. Strings that both read as offset date-times are equal when they name the same
 * instant; members named in `ignore` are left out where it says, and arrays compared as it says.
 */
export function firstDifference(a: unknown, b: unknown, ignore: Comparison = NOTHING): string | undefined {
  const out: string[] = [];
  differencesAt(a, b, ignore, '', '', 0, false, out);
  return out[0];
}

/**
 * Every path (indices as `*`) at which two reads of the same URL differ: the members that change from one read to
 * the next (a generation time), which a comparison of the record with another copy of it leaves out (`paths`).
 * The top itself (`''`) when the two are not even of one kind.
 */
export function volatilePaths(first: unknown, second: unknown, options: Comparison = NOTHING): string[] {
  const out: string[] = [];
  differencesAt(first, second, options, '', '', 0, true, out);
  return [...new Set(out)];
}

/** The canonical text itself, written as it is walked (a multiset's items sorted by their own texts). */
function canonicalText(value: unknown, o: Comparison, pattern: string, depth: number): string {
  const t = instant(value);
  if (t !== undefined) return JSON.stringify(`@${t}`);
  if (Array.isArray(value)) {
    const items = value.map((v) => canonicalText(v, o, join(pattern, '*'), depth + 1));
    return `[${(multiset(o, pattern) ? items.sort() : items).join(',')}]`;
  }
  if (isObject(value)) {
    const members = Object.keys(value)
      .filter((k) => value[k] !== undefined && kept(o, depth, pattern, k))
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalText(value[k], o, join(pattern, k), depth + 1)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A canonical text of a JSON value (sorted keys, date-times as instants, `ignore`d members left out): equal values, equal texts. */
export function canonicalJson(value: unknown, ignore: Comparison = NOTHING): string {
  return canonicalText(value, ignore, '', 0);
}
