// Rewrites every member of a JSON document: the outsider faults that get one convention wrong everywhere.

/** `edit(key, value)` returns the new value, or undefined to leave the member out; applied depth-first. */
export function walk(value: unknown, edit: (key: string, value: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => walk(v, edit));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const next = edit(k, walk(v, edit));
    if (next !== undefined) out[k] = next;
  }
  return out;
}

/** The entries of a list in any of the independent server's shapes (a bare array, or `_entries`). */
export const listEntries = (json: unknown): Record<string, unknown>[] =>
  (Array.isArray(json) ? json : (((json as { _entries?: unknown } | null)?._entries as unknown[] | undefined) ?? [])) as Record<string, unknown>[];
