import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { watchPeakRss } from './peak-rss.ts';

// The real CLI in a child process, watched as a user would watch it: each stdout line as it comes (so a test
// can act on one), the exit code, both streams whole, the wall time and the peak memory. Killed if it outlives
// `killAfterMs`, so a test that finds a hang fails instead of hanging.

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BIN = path.join(ROOT, 'bin/vmp-conformance.js');

export interface ChildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  wallMs: number;
  /** The highest resident set size seen (VmHWM of /proc), in MiB; 0 where /proc is absent. */
  peakRssMb: number;
}

export function runCli(
  args: string[],
  o: { env?: Record<string, string>; onLine?: (line: string, pid: number) => void; killAfterMs?: number } = {},
): Promise<ChildRun> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, ...o.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const rss = watchPeakRss(child.pid!);
  let stdout = '';
  let stderr = '';
  createInterface({ input: child.stdout }).on('line', (line) => {
    stdout += `${line}\n`;
    o.onLine?.(line, child.pid!);
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const killer = setTimeout(() => child.kill('SIGKILL'), o.killAfterMs ?? 120_000);
  return new Promise((resolve) => {
    child.once('close', (code, signal) => {
      clearTimeout(killer);
      resolve({ code, signal, stdout, stderr, wallMs: performance.now() - started, peakRssMb: rss.stop() });
    });
  });
}
