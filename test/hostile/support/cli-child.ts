import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { watchPeakRss } from './peak-rss.ts';

// The real CLI in a child process, watched as a user would watch it: each stdout line as it comes (so a test
// can act on one, or wait for one), signals, the exit code, both streams whole, the wall time and the peak
// memory. Killed if it outlives `killAfterMs`, so a test that finds a hang fails instead of hanging. Given a
// `tmpDir`, the child's TMPDIR is there, so whatever temporary file it leaves can be scanned (no-secrets.ts).

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BIN = path.join(ROOT, 'bin/vmp-conformance.js');

export interface ChildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  wallMs: number;
  /** performance.now() when the process exited (its streams may close a little later). */
  atMs: number;
  /** The highest resident set size seen (VmHWM of /proc), in MiB; 0 where /proc is absent. */
  peakRssMb: number;
  /** The child's TMPDIR, when the caller gave one. */
  tmpDir?: string;
}

export interface CliOptions {
  env?: Record<string, string>;
  onLine?: (line: string, pid: number) => void;
  /** Default 170 s: under the 180 s the slowest hostile tests allow themselves. */
  killAfterMs?: number;
  /** Options for node itself, before the CLI's script. */
  nodeArgs?: readonly string[];
  tmpDir?: string;
  /** Another entry point than the CLI's (a script of the tests', run with --import tsx in nodeArgs). */
  script?: string;
  /** A process group of its own, led by the child (as a CI runner starts a job's), for `process.kill(-pid, …)`. */
  detached?: boolean;
}

export interface CliChild {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves once a line of stdout or stderr matches, or rejects after timeoutMs. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Resolves once the process has exited and both its streams are closed. */
  exited: Promise<ChildRun>;
}

/**
 * A TMPDIR of the caller's for a child, where tsx still finds its compile cache (a link to the shared one under
 * the usual temporary directory: without it every child would compile the sources again).
 */
function privateTmp(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const cache = `tsx-${process.getuid?.() ?? 0}`;
  const shared = path.join(tmpdir(), cache);
  mkdirSync(shared, { recursive: true });
  if (!existsSync(path.join(dir, cache))) symlinkSync(shared, path.join(dir, cache));
  return dir;
}

export function spawnCli(args: readonly string[], o: CliOptions = {}): CliChild {
  const started = performance.now();
  const env = { ...process.env, ...o.env, ...(o.tmpDir ? { TMPDIR: privateTmp(o.tmpDir) } : {}) };
  const child = spawn(process.execPath, [...(o.nodeArgs ?? []), o.script ?? BIN, ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: o.detached ?? false,
  });
  const rss = watchPeakRss(child.pid!);
  let out = '';
  let err = '';
  let partial = '';
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const w of waiters) w();
  };
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    out += text;
    const lines = (partial + text).split('\n');
    partial = lines.pop()!;
    for (const line of lines) o.onLine?.(line, child.pid!);
    notify();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    err += chunk.toString('utf8');
    notify();
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), o.killAfterMs ?? 170_000);
  let atMs = 0;
  child.once('exit', () => (atMs = performance.now()));
  const exited = new Promise<ChildRun>((resolve) => {
    child.once('close', (code, signal) => {
      clearTimeout(killer);
      if (partial !== '') o.onLine?.(partial, child.pid!);
      const wallMs = performance.now() - started;
      resolve({ code, signal, stdout: out, stderr: err, wallMs, atMs, peakRssMb: rss.stop(), ...(o.tmpDir ? { tmpDir: o.tmpDir } : {}) });
    });
  });
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    waitFor(pattern, timeoutMs = 120_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (pattern.test(out) || pattern.test(err)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no output matching ${pattern} within ${timeoutMs} ms; stdout:\n${out}\nstderr:\n${err}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    exited,
  };
}

/** Runs the CLI to its end. */
export const runCli = (args: readonly string[], o: CliOptions = {}): Promise<ChildRun> => spawnCli(args, o).exited;
