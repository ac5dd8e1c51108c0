import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { checkHooks, checkOutputFile, checkReportDir, checkToday, wholeNumber } from '../api/option-checks.ts';
import { didYouMean } from '../support/did-you-mean.ts';
import { UsageError } from '../support/errors.ts';

// The checks every command runs on its flags before it starts anything (Principle 7): a bad value is exit 2 and
// one line naming the flag, never a stack trace, and never a failure found only after a whole run. What the API
// checks too lives in api/option-checks.ts, called here with the flag's name.

/** A negative number after a flag: parseArgs would take it for a flag of its own and say only "ambiguous". */
const NEGATIVE_NUMBER = /^-(\d|\.\d)/;

/**
 * node:util parseArgs, whose errors become one-line usage errors. A negative number given to a string flag
 * (`--duration -5`) is passed on as its value, so the flag's own check explains what it takes.
 */
export function parseFlags<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  const options = config.options ?? {};
  const takesValue = (token: string): boolean => {
    const name = token.startsWith('--') ? token.slice(2) : Object.keys(options).find((o) => token === `-${options[o]!.short}`);
    return name !== undefined && options[name]?.type === 'string';
  };
  const args = [...(config.args ?? [])];
  for (let i = 0; i < args.length - 1; i++) {
    if (args[i] === '--') break;
    if (takesValue(args[i]!) && NEGATIVE_NUMBER.test(args[i + 1]!)) args.splice(i, 2, `${args[i]}=${args[i + 1]}`);
  }
  try {
    return parseArgs({ ...config, args }) as ReturnType<typeof parseArgs<T>>;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw unknownOption(error as Error, Object.keys(options));
    if (code?.startsWith('ERR_PARSE_ARGS')) throw new UsageError((error as Error).message.replace(/\s*\n\s*/g, ' '));
    throw error;
  }
}

/** An unknown flag, with the known one it most likely meant (`--profle` → `--profile`). */
function unknownOption(error: Error, known: readonly string[]): UsageError {
  const given = /'(-[^']*)'/.exec(error.message)?.[1];
  const name = given?.replace(/^--?/, '').split('=')[0];
  const meant = name === undefined ? undefined : didYouMean(name, known);
  if (given === undefined) return new UsageError(error.message.replace(/\s*\n\s*/g, ' '));
  return new UsageError(`unknown option '${given}'${meant ? ` — did you mean '--${meant}'?` : ''} (the command's --help lists its options)`);
}

export function integerFlag(flag: string, value: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  return wholeNumber(`--${flag}`, value, [min, max]);
}

const errno = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

/** A directory the command will write its reports into (api/option-checks.ts: the API checks its reportDir the same way). */
export const reportDirFlag = (flag: string, value: string): Promise<string> => checkReportDir(`--${flag}`, value);

/** A file the command will write (a baseline, a capture log). */
export const outputFileFlag = (flag: string, value: string): Promise<string> => checkOutputFile(`--${flag}`, value);

/** An address to listen on: an IP address, or a name that resolves (`999.1.1.1` is neither). */
export async function hostFlag(flag: string, value: string): Promise<string> {
  if (value.trim() === '') throw new UsageError(`--${flag} must not be empty`);
  if (isIP(value.replace(/^\[|\]$/g, '')) !== 0) return value;
  await lookup(value).catch((error: unknown) => {
    throw new UsageError(`--${flag} ${value}: not an IP address nor a name that resolves (${errno(error)})`);
  });
  return value;
}

/** Why a server could not listen where the flags say, as the usage error that names them (any errno, never a trace). */
export function listenError(flags: string, host: string, port: number, error: unknown): UsageError {
  const code = errno(error);
  const why = code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? 'no such address' : code === 'EADDRINUSE' ? 'the port is in use' : code;
  return new UsageError(`${flags}: cannot listen on ${host}:${port} (${why})`);
}

/** --hooks: the simulation hooks' base, as profile key simulationHooks takes it (a path or an absolute http(s) URL). */
export const hooksFlag = (value: string): string => checkHooks('--hooks', value);

/** --today: a calendar date, yyyy-mm-dd. */
export const todayFlag = (value: string): string => checkToday('--today', value);
