import { constants, type Stats } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { UsageError } from './errors.ts';

// Files a user names (a profile, a baseline) are read as regular files of a bounded size (issue 27, item 8): a
// FIFO or a device given by mistake would block the read for ever (no deadline is armed yet), and a huge file
// would be held whole several times over (its text, then its JSON). The kind is told before the file is opened,
// the file opened without blocking and checked again (it may have been swapped in between), and no more than the
// limit plus one byte is ever read.

export const MiB = 1024 * 1024;

/** Why a named file cannot be read; `reason` is the short cause a caller puts after the file's name. */
export class UnreadableFileError extends UsageError {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`cannot read ${file}: ${reason}`, 'VMP_ERR_FILE');
  }
}

const KINDS: readonly [(s: Stats) => boolean, string][] = [
  [(s) => s.isDirectory(), 'a directory'],
  [(s) => s.isFIFO(), 'a FIFO'],
  [(s) => s.isCharacterDevice() || s.isBlockDevice(), 'a device'],
  [(s) => s.isSocket(), 'a socket'],
];

/** Why `s` is no regular file of at most `limit` bytes, or undefined when it is one. */
function refusal(s: Stats, limit: number): string | undefined {
  if (!s.isFile()) return `it is ${KINDS.find(([is]) => is(s))?.[1] ?? 'a special file'}, not a regular file`;
  return s.size > limit ? `it is ${size(s.size)}, over the ${size(limit)} a file may be` : undefined;
}

const size = (bytes: number) => (bytes >= MiB ? `${Math.round((bytes / MiB) * 10) / 10} MiB` : `${bytes} bytes`);
const code = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

/** The UTF-8 text of a regular file of at most `limit` bytes; anything else is an UnreadableFileError. */
export async function readBoundedFile(file: string, limit: number): Promise<string> {
  const before = await stat(file).catch((error: unknown) => {
    throw new UnreadableFileError(file, code(error));
  });
  const refused = refusal(before, limit);
  if (refused) throw new UnreadableFileError(file, refused);
  // O_NONBLOCK: a FIFO swapped in after the stat opens at once instead of waiting for a writer (0 where absent).
  const handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)).catch((error: unknown) => {
    throw new UnreadableFileError(file, code(error));
  });
  try {
    const opened = await handle.stat();
    const swapped = refusal(opened, limit);
    if (swapped) throw new UnreadableFileError(file, swapped);
    // Sized for the file as it is, grown (to limit + 1 bytes at most) if it grows while read.
    let buffer = Buffer.alloc(Math.min(limit, opened.size) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > limit) throw new UnreadableFileError(file, `it grew past the ${size(limit)} a file may be while it was read`);
        buffer = Buffer.concat([buffer, Buffer.alloc(Math.min(buffer.length, limit + 1 - buffer.length))]);
      }
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) return buffer.toString('utf8', 0, length);
      length += bytesRead;
    }
  } catch (error) {
    if (error instanceof UnreadableFileError) throw error;
    throw new UnreadableFileError(file, code(error));
  } finally {
    await handle.close();
  }
}
