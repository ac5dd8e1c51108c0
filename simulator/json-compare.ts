import { createHash } from 'node:crypto';
import { parseOffsetDateTime } from '../models/index.ts';

// Inquiry identity by content (lead's reading: "deep equality of Consulta objects; timestamps compared as
// instants"): a first-difference finder for reports, and a short canonical digest for bookkeeping, so a
// simulation keeps 16 characters per inquiry rather than the inquiry itself.

const instant = (v: unknown): number | undefined => (typeof v === 'string' ? parseOffsetDateTime(v)?.epochMs : undefined);
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);

/**
 * The path of the first difference between two JSON values (with both values, shortened), or undefined when
 * equal. Strings that both read as offset date-times are equal when they name the same instant; top-level
 * members named in `ignoreTop` are left out (the Consulta's `_links`, which the injected inquiry lacks).
 */
export function firstDifference(a: unknown, b: unknown, ignoreTop: readonly string[] = [], path = ''): string | undefined {
  if (a === b) return undefined;
  const ia = instant(a);
  if (ia !== undefined && ia === instant(b)) return undefined;
  const show = () => `${path || '(root)'}: ${short(a)} ≠ ${short(b)}`;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${path || '(root)'}: ${a.length} items ≠ ${b.length} items`;
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], [], join(path, i));
      if (d !== undefined) return d;
    }
    return undefined;
  }
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => path !== '' || !ignoreTop.includes(k)));
    for (const key of keys) {
      if (!Object.hasOwn(a, key)) return `${join(path, key)}: absent ≠ ${short(b[key])}`;
      if (!Object.hasOwn(b, key)) return `${join(path, key)}: ${short(a[key])} ≠ absent`;
      const d = firstDifference(a[key], b[key], [], join(path, key));
      if (d !== undefined) return d;
    }
    return undefined;
  }
  return show();
}

function short(v: unknown): string {
  const text = v === undefined ? 'undefined' : JSON.stringify(v);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function canonical(value: unknown, ignoreTop: readonly string[], top: boolean): unknown {
  const t = instant(value);
  if (t !== undefined) return `@${t}`;
  if (Array.isArray(value)) return value.map((v) => canonical(v, ignoreTop, false));
  if (isObject(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .filter((k) => !(top && ignoreTop.includes(k)))
        .sort()
        .map((k) => [k, canonical(value[k], ignoreTop, false)]),
    );
  }
  return value;
}

/** 16 base64url characters (96 bits) naming a JSON value up to key order and timestamp offsets. */
export function contentDigest(value: unknown, ignoreTop: readonly string[] = []): string {
  return createHash('sha256').update(JSON.stringify(canonical(value, ignoreTop, true))).digest('base64url').slice(0, 16);
}
