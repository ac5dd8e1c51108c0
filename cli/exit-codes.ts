import { LocalFaultError, TargetError, UsageError, VmpError } from '../support/errors.ts';

// The exit status of each error class, most specific first: a table the CLI walks (docs/commands.md, exit codes).
const EXIT_CODES: readonly (readonly [new (...args: never[]) => VmpError, number])[] = [
  [UsageError, 2],
  [LocalFaultError, 2],
  [TargetError, 3],
  [VmpError, 1],
];

/** The exit status for an error the API threw on purpose; undefined for anything else (a bug: let it surface). */
export function exitCodeOf(error: unknown): number | undefined {
  return EXIT_CODES.find(([type]) => error instanceof type)?.[1];
}
