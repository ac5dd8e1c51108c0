import { didYouMean } from '../support/did-you-mean.ts';
import { asLocalFault, NotBuiltError, UsageError } from '../support/errors.ts';
import { exitCodeOf } from './exit-codes.ts';
import { terminalSafe } from '../support/terminal-text.ts';
import { LiveConsole, styles } from './terminal.ts';
import type { ConsoleExtras } from './console-extras.ts';

type Out = (line: string) => void;
type Run = (argv: string[], out: Out, extras: ConsoleExtras) => Promise<number>;
interface Command {
  summary: string;
  run?: Run;
}

/** Loads a command's module only when it runs: `rules` need not pay for vitest, the reference server or autocannon. */
const lazy =
  <M>(load: () => Promise<M>, pick: (m: M) => Run) =>
  async (argv: string[], out: Out, extras: ConsoleExtras) =>
    pick(await load())(argv, out, extras);

// The command table: --help walks it; commands without `run` are listed and refuse with exit 2.
const COMMANDS: Record<string, Command> = {
  init: {
    summary: 'probe a target with its credentials and write a draft target profile (what it inferred, and hints for the rest)',
    run: lazy(
      () => import('./init-command.ts'),
      (m) => m.initCommand,
    ),
  },
  run: {
    summary: 'run the conformance suites against a target (default: the embedded reference server)',
    run: lazy(
      () => import('./run-command.ts'),
      (m) => m.runCommand,
    ),
  },
  restore: {
    summary: 'put back the webhook configurations an interrupted run left changed, from its journal, each confirmed by a read',
    run: lazy(
      () => import('./restore-command.ts'),
      (m) => m.restoreCommand,
    ),
  },
  start: {
    summary: 'what `npm start` runs: the main job against the embedded reference server',
    run: lazy(
      () => import('./start-command.ts'),
      (m) => m.startCommand,
    ),
  },
  serve: {
    summary: 'run the embedded reference server as a local sandbox',
    run: lazy(
      () => import('./serve-command.ts'),
      (m) => m.serveCommand,
    ),
  },
  openapi: {
    summary: "write the spec as an OpenAPI 3.1 document (JSON), gaps marked x-vmp-gap; --profile fills in a target's choices",
    run: lazy(
      () => import('./openapi-command.ts'),
      (m) => m.openapiCommand,
    ),
  },
  rules: {
    summary: 'list every rule (id, level, spec section); --statements: the spec sentence by sentence with its rules; --json for JSON',
    run: lazy(
      () => import('./rules-command.ts'),
      (m) => m.rulesCommand,
    ),
  },
  replay: {
    summary: 're-send a failing request from results.json',
    run: lazy(
      () => import('./replay-command.ts'),
      (m) => m.replayCommand,
    ),
  },
  capture: {
    summary: 'run a webhook capture server',
    run: lazy(
      () => import('./capture-command.ts'),
      (m) => (argv, out) => m.captureCommand(argv, out),
    ),
  },
  simulate: {
    summary: 'replay a realistic inquiry stream and check webhook deliveries',
    run: lazy(
      () => import('./simulate-command.ts'),
      (m) => m.simulateCommand,
    ),
  },
  load: {
    summary: 'drive load through autocannon with CI thresholds',
    run: lazy(
      () => import('./load-command.ts'),
      (m) => m.loadCommand,
    ),
  },
  version: {
    summary: "print this package's version, the Node.js version and the API version whose spec the rules enforce",
    run: lazy(
      () => import('./version-command.ts'),
      (m) => m.versionCommand,
    ),
  },
};

/** The spellings every CLI user tries first: `--version` and `-v` are the `version` command. */
const ALIASES: Record<string, string> = { '--version': 'version', '-v': 'version' };

/** `--help` or `-h` among the flags (before a `--` that ends them). */
function asksForHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

function help(out: Out): void {
  out('vmp-conformance — conformance suite and traffic simulator for the Vehicle Marketplace Partner API v3');
  out('');
  out('Usage: vmp-conformance <command> [options]');
  out('');
  out('Commands:');
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  for (const [name, c] of Object.entries(COMMANDS)) {
    out(`  ${name.padEnd(width)}  ${c.summary}${c.run ? '' : ' (not built yet)'}`);
  }
  out('');
  out('vmp-conformance <command> --help shows its options.');
  out('vmp-conformance --version (or -v, or version) prints the version.');
}

/**
 * The command line. Given `print`, every line goes there as plain text (the tests' way); otherwise to stdout, with
 * colour and a live status line when stdout is a terminal that wants them (cli/terminal.ts).
 */
export async function main(argv: string[], print?: Out, printError: Out = (l) => console.error(l)): Promise<number> {
  const live = print === undefined && styles(process.stdout, process.env) ? new LiveConsole(process.stdout) : undefined;
  const write: Out = print ?? (live ? (l) => live.line(l) : (l) => console.log(l));
  // Every console line of every command, whatever target-controlled text it quotes, is shown inert.
  const out: Out = (line) => write(terminalSafe(line));
  const err: Out = (line) => {
    live?.status('');
    printError(terminalSafe(line));
  };
  const extras: ConsoleExtras = live ? { status: (text) => live.status(terminalSafe(text)) } : {};
  // `help <command>` is `<command> --help`.
  const [given, ...rest] = argv[0] === 'help' && argv[1] !== undefined ? [argv[1], '--help'] : argv;
  const name = given === undefined ? undefined : (ALIASES[given] ?? given);
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    help(out);
    return name === undefined ? 2 : 0;
  }
  try {
    const command = COMMANDS[name];
    if (!command) {
      const meant = didYouMean(name.replace(/^--?/, ''), Object.keys(COMMANDS));
      throw new UsageError(`unknown command '${name}'${meant ? ` — did you mean '${meant}'?` : ''} (see vmp-conformance --help)`);
    }
    if (!command.run) throw new NotBuiltError(name);
    // --help wins over every other flag, valid or not: the user asked how to use the command.
    return await command.run(asksForHelp(rest) ? ['--help'] : rest, out, extras);
  } catch (thrown) {
    const error = asLocalFault(thrown);
    const exitCode = exitCodeOf(error);
    if (exitCode !== undefined) {
      err(`vmp-conformance: ${(error as Error).message}`);
      return exitCode;
    }
    throw error;
  } finally {
    live?.status('');
  }
}
