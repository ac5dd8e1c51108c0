import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { LocalFaultError, systemCause } from './errors.ts';

// Issue 13, item 6: a report file is either the previous one or the complete new one, never a half-written
// (or 0-byte) file beside stale results. Each file is written beside its final name, then renamed over it.

/**
 * Every temporary name handed out and not yet settled: a process that exits at once (a second Ctrl-C, a fatal
 * error) removes them on its way out, so no exit path but SIGKILL leaves one behind (issue 22, defect 8).
 */
const unsettled = new Set<string>();
let removeOnExit = false;

/** A name beside `file` for its next version: hidden, unique to this process and call; removed at exit if still there. */
export function tempPathFor(file: string): string {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  if (!removeOnExit) {
    removeOnExit = true;
    process.once('exit', () => {
      for (const name of unsettled) rmSync(name, { force: true });
    });
  }
  unsettled.add(temp);
  return temp;
}

/** The temporary name was renamed into place or removed: nothing is left to remove at exit. */
export function settledTemp(temp: string): void {
  unsettled.delete(temp);
}

export async function writeFileAtomic(file: string, data: string): Promise<void> {
  await writeFilesAtomic([{ file, data }]);
}

/**
 * A file of a set could not be written (issue 27, item 8): named with its cause and what of the set was written,
 * as the one line the CLI prints (exit 2).
 */
export class WriteError extends LocalFaultError {
  constructor(
    readonly file: string,
    readonly error: unknown,
    readonly written: readonly string[],
  ) {
    const kept = written.length > 0 ? `; written: ${written.map((f) => path.basename(f)).join(', ')}` : '';
    super(`cannot write ${file}: ${systemCause(error)}${kept}`);
  }
}

/**
 * Writes every file to its temporary name first, then renames them all: an interruption while writing leaves
 * the previous set untouched, and the renames themselves take microseconds. Files are written one after another
 * in the order given (the first ones are what a full disk is likeliest to take); when one cannot be written (a
 * full disk, an I/O error), the others are still written and renamed into place, and a WriteError names the
 * first failure. Where some of the set was written, the previous version of each file that failed is removed, so
 * no stale file sits beside the new ones as if it were of the set; where none was, the previous set is whole and
 * stays (a single file is never lost to a failed rewrite).
 */
export async function writeFilesAtomic(files: readonly { file: string; data: string }[]): Promise<void> {
  const staged = files.map((f) => ({ ...f, temp: tempPathFor(f.file) }));
  const failed = new Map<string, unknown>();
  const written: string[] = [];
  try {
    for (const f of staged) {
      await writeFile(f.temp, f.data).catch((error: unknown) => failed.set(f.file, error));
      if (failed.has(f.file)) await rm(f.temp, { force: true });
    }
    for (const f of staged) {
      if (failed.has(f.file)) continue;
      await rename(f.temp, f.file).then(
        () => written.push(f.file),
        (error: unknown) => failed.set(f.file, error),
      );
    }
    if (failed.size === 0) return;
    if (written.length > 0) for (const file of failed.keys()) await rm(file, { force: true }).catch(() => undefined);
    const [file, cause] = failed.entries().next().value as [string, unknown];
    throw new WriteError(file, cause, written);
  } finally {
    await Promise.all(staged.map((f) => rm(f.temp, { force: true })));
    for (const f of staged) settledTemp(f.temp);
  }
}

/**
 * Redacts a file written live by another writer (the capture server's JSONL), line by line, so a large file is
 * never held whole; replaced by rename only when a line changed. A missing file is fine.
 */
export async function redactFileInPlace(file: string, redactLine: (line: string) => string): Promise<void> {
  const input = createReadStream(file, { encoding: 'utf8' });
  const temp = tempPathFor(file);
  let changed = false;
  try {
    const output = createWriteStream(temp, { encoding: 'utf8' });
    try {
      for await (const line of createInterface({ input, crlfDelay: Infinity })) {
        const clean = redactLine(line);
        changed ||= clean !== line;
        if (!output.write(`${clean}\n`)) await once(output, 'drain');
      }
    } finally {
      await new Promise((resolve) => output.end(resolve));
    }
    if (changed) await rename(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  } finally {
    await rm(temp, { force: true });
    settledTemp(temp);
  }
}
