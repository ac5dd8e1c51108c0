// Errors a user can cause, each with a stable code and the exit status the CLI maps it to.
export class CliError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A bad flag, argument or command: exit 2. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, 'VMP_ERR_USAGE', 2);
  }
}

/** A command listed in --help that is not built yet: exit 2, never fake output. */
export class NotBuiltError extends CliError {
  constructor(command: string) {
    super(`'${command}' is not built yet`, 'VMP_ERR_NOT_BUILT', 2);
  }
}

/** No connection can be made to the target, or it rejects the credentials, before any check ran: exit 3. */
export class TargetError extends CliError {
  constructor(message: string) {
    super(message, 'VMP_ERR_TARGET', 3);
  }
}
