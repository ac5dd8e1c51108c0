import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The real CLI in a child process: signals, exit codes and everything it prints are what a user sees.

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BIN = path.join(ROOT, 'bin/vmp-conformance.js');

export interface CliChild {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves once a line of stdout or stderr matches, or rejects after timeoutMs. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; atMs: number }>;
}

export function spawnCli(args: string[], env: Record<string, string> = {}): CliChild {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const w of waiters) w();
  };
  child.stdout!.on('data', (c: Buffer) => {
    out += c.toString('utf8');
    notify();
  });
  child.stderr!.on('data', (c: Buffer) => {
    err += c.toString('utf8');
    notify();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; atMs: number }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal, atMs: performance.now() }));
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

/** Every file under dir (recursively), with its text. */
export async function filesUnder(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const name of await readdir(dir, { recursive: true, withFileTypes: false })) {
    const file = path.join(dir, name);
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text !== undefined) files.set(file, text);
  }
  return files;
}

/** Everything a CLI child wrote: the files under its report directory (if any) and what it printed. */
export async function writtenBy(child: CliChild, reportDir: string): Promise<Map<string, string>> {
  const files = await filesUnder(reportDir).catch(() => new Map<string, string>());
  files.set('(stdout)', child.stdout());
  files.set('(stderr)', child.stderr());
  return files;
}
