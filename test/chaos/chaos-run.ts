import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startReferenceServer } from '../../reference/server.ts';
import { runResultSchema, type RunResult } from '../../reports/results.ts';
import { parseProfile } from '../../target/profile-load.ts';
import type { ChildRun } from '../hostile/support/cli-child.ts';
import { startChaosProxy, type ChaosOptions, type ChaosProxy } from './chaos-proxy.ts';

// One chaos run: a reference server, a chaos proxy in front of it, and the real CLI (a child process, the
// seam a user sees) run against the proxy. Measures the wall time and samples the child's peak memory.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = path.join(ROOT, 'bin/vmp-conformance.js');
const PROFILE_FILE = path.join(ROOT, 'profiles/reference.json');
/** V8's old-space cap for the child: a body decoded or parsed whole would die here visibly, not swap. */
export const CHILD_HEAP_MB = 512;

export interface ChaosRunOptions extends Omit<ChaosOptions, 'upstream'> {
  timeoutMs: number;
  runs: number;
  seed: number;
  /** Kills the child after this long: a hang fails the test instead of stalling the suite. */
  killAfterMs: number;
}

export interface ChaosRunResult extends ChildRun {
  /** results.json, when the run wrote one. */
  results?: RunResult;
  /** Requests the proxy sabotaged, and those of them the client gave up on (chaos-proxy.ts). */
  sabotaged: readonly string[];
  abandoned: readonly string[];
}

/** VmHWM (peak resident set) of a live process, in MiB. */
async function peakRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : 0;
}

function runCli(args: string[], killAfterMs: number): Promise<Omit<ChaosRunResult, 'results' | 'sabotaged' | 'abandoned'>> {
  const started = performance.now();
  const child = spawn(process.execPath, [`--max-old-space-size=${CHILD_HEAP_MB}`, BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let peakRssMb = 0;
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const sampler = setInterval(() => {
    if (child.pid) void peakRss(child.pid).then((mb) => (peakRssMb = Math.max(peakRssMb, mb)));
  }, 250);
  const killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearInterval(sampler);
      clearTimeout(killer);
      resolve({ code, signal, stdout, stderr, wallMs: performance.now() - started, peakRssMb });
    });
  });
}

export async function chaosRun(o: ChaosRunOptions): Promise<ChaosRunResult> {
  const json: unknown = JSON.parse(await readFile(PROFILE_FILE, 'utf8'));
  const reference = await startReferenceServer({ profile: parseProfile(json) });
  const dir = await mkdtemp(path.join(tmpdir(), `vmp-chaos-${o.fault}-`));
  let proxy: ChaosProxy | undefined;
  try {
    proxy = await startChaosProxy({ upstream: reference.url, fault: o.fault, method: o.method, pathPrefix: o.pathPrefix });
    const profile = path.join(dir, 'profile.json');
    await writeFile(profile, JSON.stringify(json));
    const reportDir = path.join(dir, 'report');
    const args = ['run', '--base-url', proxy.url, '--profile', profile, '--report-dir', reportDir];
    args.push('--runs', String(o.runs), '--seed', String(o.seed), '--timeout-ms', String(o.timeoutMs));
    const run = await runCli(args, o.killAfterMs);
    const text = await readFile(path.join(reportDir, 'results.json'), 'utf8').catch(() => undefined);
    return { ...run, sabotaged: [...proxy.sabotaged], abandoned: [...proxy.abandoned], ...(text ? { results: runResultSchema.parse(JSON.parse(text)) } : {}) };
  } finally {
    await proxy?.close();
    await reference.close();
    await rm(dir, { recursive: true, force: true });
  }
}
