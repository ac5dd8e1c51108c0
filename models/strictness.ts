import { z } from 'zod';

/**
 * The spec never forbids extra members, so models tolerate them by default ("loose");
 * "strict" rejects them so a report can say which members were not in the spec's tables.
 */
export type Strictness = 'loose' | 'strict';

export function objectOf<S extends z.ZodRawShape>(mode: Strictness, shape: S) {
  return mode === 'strict' ? z.strictObject(shape) : z.looseObject(shape);
}

/** "nullable" in the spec's tables: the member is present and holds any JSON value, null included. */
export const anyJson = z.json();

/** Paths of members that a strict parse reports as unknown, e.g. `Auto.Extra`. */
export function unknownMembers(strictSchema: z.ZodType, value: unknown): string[] {
  const result = strictSchema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path.map(String), key].join('.')) : [],
  );
}
