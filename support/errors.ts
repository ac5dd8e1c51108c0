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

/** No connection can be made to the target, or it rejects the credentials, before any check ran (CLI: exit 3). */
export class TargetError extends VmpError {
  constructor(message: string) {
    super(message, 'VMP_ERR_TARGET');
  }
}
