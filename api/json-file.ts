import type { z } from 'zod';
import { readBoundedFile, UnreadableFileError } from '../support/bounded-read.ts';
import { UsageError } from '../support/errors.ts';

/**
 * A JSON file a flag names (--baseline, --from), read as a regular file of at most `maxBytes` and checked against
 * its schema: every way it can be wrong is a UsageError naming the flag and the file, never a stack trace.
 */
export async function readJsonFile<S extends z.ZodType>(
  flag: string,
  file: string,
  schema: S,
  o: { maxBytes: number; unreadableHint?: string; invalid: (issue: z.core.$ZodIssue) => string },
): Promise<z.output<S>> {
  let text: string;
  try {
    text = await readBoundedFile(file, o.maxBytes);
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    throw new UsageError(`${flag} ${file}: cannot read it (${error.reason})${o.unreadableHint ?? ''}`);
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
