import { getSystemErrorMap } from 'node:util';

// Errors a user or a target can cause, each class with a stable `code` (like undici's UND_ERR_*). The API throws
// them; the CLI alone maps a class to its exit status (cli/exit-codes.ts).

/** The base class of this package's errors: `code` is stable (`VMP_ERR_…`), the message says what to fix. */
export class VmpError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A bad option, flag, argument or profile value, caught before anything starts (CLI: exit 2). */
export class UsageError extends VmpError {
  constructor(message: string, code = 'VMP_ERR_USAGE') {
    super(message, code);
  }
}

/** A command listed in --help that is not built yet: refused, never fake output (CLI: exit 2). */
export class NotBuiltError extends UsageError {
  constructor(command: string) {
    super(`'${command}' is not built yet`, 'VMP_ERR_NOT_BUILT');
  }
}

/**
 * The machine the tool runs on refused a file it had to write or read: a full disk, a read-only or vanished
 * directory, an I/O error (CLI: exit 2, one line naming the file and the cause; issue 27, item 8).
 */
export class LocalFaultError extends VmpError {
  constructor(message: string) {
    super(message, 'VMP_ERR_LOCAL');
  }
}

/** An errno as its name and the system's words for it: `ENOSPC (no space left on device)`. */
export function systemCause(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  const described = typeof e.errno === 'number' ? getSystemErrorMap().get(e.errno)?.[1] : undefined;
  return e.code ? `${e.code}${described ? ` (${described})` : ''}` : e.message;
}

/**
 * A file-system error (an errno naming its path) as the LocalFaultError the CLI reports: a full disk or a
 * vanished directory can strike any file a command writes, not only the ones it names. Anything else as it is.
 */
export function asLocalFault(error: unknown): unknown {
  const e = error as NodeJS.ErrnoException;
  if (!(error instanceof Error) || typeof e.code !== 'string' || typeof e.syscall !== 'string' || typeof e.path !== 'string') return error;
  return new LocalFaultError(`cannot ${e.syscall} ${e.path}: ${systemCause(e)}`);
}

/** No connection can be made to the target, or it rejects the credentials, before any check ran (CLI: exit 3). */
export class TargetError extends VmpError {
  constructor(message: string) {
    super(message, 'VMP_ERR_TARGET');
  }
}
