import { execFile } from 'node:child_process';
import type { CommandHook } from '../hooks-profile.ts';
import { shellWord } from '../curl.ts';
import { redact } from '../redact.ts';
import type { HookDeps } from './adapter.ts';
import type { CallResult } from './own-hooks.ts';
import { fillText, type HookValues } from './placeholders.ts';
import { exchangeRecord } from './record.ts';

// A command hook: argv with its placeholders filled in, run without a shell (no word splitting, no quoting to get
// wrong), in the current directory with this process's environment. Exit 0 is success; an inquiry hook's
// standard output (its last non-empty line) is the created inquiry's sid or URI, as `prints` says. Stderr is
// kept for the error. Past timeoutMs the command is killed.

/** What a command may print: a sid or a URI is one line; more is a mistake, cut here. */
const MAX_OUTPUT_BYTES = 1024 * 1024;

export const describeCommand = (spec: CommandHook): string =>
  `the hooks command ${spec.argv.slice(0, 2).map(shellWord).join(' ')}${spec.argv.length > 2 ? ' …' : ''}`;

interface Exit {
  code: number | null;
  killed: boolean;
  spawnError?: string;
  stdout: string;
  stderr: string;
}

function run(argv: readonly string[], timeoutMs: number): Promise<Exit> {
  return new Promise((resolve) => {
    execFile(
      argv[0]!,
      argv.slice(1),
      { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: MAX_OUTPUT_BYTES, windowsHide: true, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const e = error as (NodeJS.ErrnoException & { killed?: boolean; code?: number | string }) | null;
        const spawnError = typeof e?.code === 'string' ? `${e.code}: ${e.message}` : undefined;
        resolve({
          code: e ? (typeof e.code === 'number' ? e.code : null) : 0,
          killed: e?.killed === true,
          ...(spawnError ? { spawnError } : {}),
          stdout,
          stderr,
        });
      },
    );
  });
}

export async function commandCall(spec: CommandHook, values: HookValues, deps: HookDeps): Promise<CallResult> {
  const argv = spec.argv.map((arg) => fillText(arg, values));
  const sentAt = Date.now();
  const started = performance.now();
  const exit = await run(argv, spec.timeoutMs);
  const durationMs = performance.now() - started;
  const failure: [string, boolean] | undefined = exit.killed
    ? [`it timed out after ${spec.timeoutMs} ms (simulationHooks …command.timeoutMs) and was killed`, true]
    : exit.spawnError !== undefined
      ? [`it could not be started (${exit.spawnError})`, exit.spawnError.startsWith('ENOENT') || exit.spawnError.startsWith('EACCES')]
      : exit.code !== 0
        ? [`it exited with status ${exit.code ?? 'unknown'}`, false]
        : undefined;
  const stderrLine = exit.stderr.trim().split('\n').at(-1);
  const failed = failure && `${failure[0]}${stderrLine ? ` (stderr: ${redact(stderrLine.slice(0, 300), deps.secrets)})` : ''}`;
  const res = exchangeRecord({
    what: `command ${argv[0]}`,
    argv,
    stdout: exit.stdout,
    stderr: exit.stderr,
    ...(failed ? { error: failed } : {}),
    durationMs,
    sentAt,
    secrets: deps.secrets,
  });
  if (failed !== undefined) return { res, failed, lasting: failure![1], got: {} };
  const printed = exit.stdout
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .at(-1);
  return { res, got: printed === undefined ? {} : spec.prints === 'sid' ? { sid: printed } : { location: printed } };
}
