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

const NOTHING: IgnoredMembers = { members: [], at: 'top' };

const instant = (v: unknown): number | undefined => (typeof v === 'string' ? parseOffsetDateTime(v)?.epochMs : undefined);
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
/** Whether the walk, at `depth` (0 is the top), keeps the member `key`. */
const kept = (ignore: IgnoredMembers, depth: number, key: string) => !ignore.members.includes(key) || (ignore.at === 'top' && depth > 0);

function short(v: unknown): string {
  const text = v === undefined ? 'undefined' : JSON.stringify(v);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function differenceAt(a: unknown, b: unknown, ignore: IgnoredMembers, path: string, depth: number): string | undefined {
  if (a === b) return undefined;
  const ia = instant(a);
  if (ia !== undefined && ia === instant(b)) return undefined;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${path || '(root)'}: ${a.length} items ≠ ${b.length} items`;
    for (let i = 0; i < a.length; i++) {
      const d = differenceAt(a[i], b[i], ignore, join(path, i), depth + 1);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => kept(ignore, depth, k)));
    for (const key of keys) {
      if (!Object.hasOwn(a, key)) return `${join(path, key)}: absent ≠ ${short(b[key])}`;
      if (!Object.hasOwn(b, key)) return `${join(path, key)}: ${short(a[key])} ≠ absent`;
      const d = differenceAt(a[key], b[key], ignore, join(path, key), depth + 1);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  return `${path || '(root)'}: ${short(a)} ≠ ${short(b)}`;
}

/**
 * The first difference between two JSON values — its path (`Auto.Marca`, `(root)`) with both values, shortened —
 * or undefined when they are equal. Strings that both read as offset date-times are equal when they name the same
 * instant; members named in `ignore` are left out where it says.
 */
export function firstDifference(a: unknown, b: unknown, ignore: IgnoredMembers = NOTHING): string | undefined {
  return differenceAt(a, b, ignore, '', 0);
}

function canonical(value: unknown, ignore: IgnoredMembers, depth: number): unknown {
  const t = instant(value);
  if (t !== undefined) return `@${t}`;
  if (Array.isArray(value)) return value.map((v) => canonical(v, ignore, depth + 1));
  if (isObject(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .filter((k) => kept(ignore, depth, k))
        .sort()
        .map((k) => [k, canonical(value[k], ignore, depth + 1)]),
    );
  }
  return value;
}

/** A canonical text of a JSON value (sorted keys, date-times as instants, `ignore`d members left out): equal values, equal texts. */
export function canonicalJson(value: unknown, ignore: IgnoredMembers = NOTHING): string {
  return JSON.stringify(canonical(value, ignore, 0));
}
