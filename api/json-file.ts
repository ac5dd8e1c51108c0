import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { UsageError } from '../support/errors.ts';

/**
 * A JSON file a flag names (--baseline, --from), read and checked against its schema: every way it can be wrong
 * is a UsageError naming the flag and the file, never a stack trace.
 */
export async function readJsonFile<S extends z.ZodType>(
  flag: string,
  file: string,
  schema: S,
  o: { unreadableHint?: string; invalid: (issue: z.core.$ZodIssue) => string },
): Promise<z.output<S>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`${flag} ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'})${o.unreadableHint ?? ''}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`${flag} ${file}: not JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new UsageError(`${flag} ${file}: ${o.invalid(parsed.error.issues[0]!)}`);
  return parsed.data;
}
