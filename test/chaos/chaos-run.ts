import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startReferenceServer } from '../../reference/server.ts';
import { runResultSchema, type RunResult } from '../../reports/results.ts';
import { parseProfile } from '../../sut/profile-load.ts';
import { ROOT, runCli, type ChildRun } from '../hostile/support/cli-child.ts';
import { startChaosProxy, type ChaosOptions, type ChaosProxy } from './chaos-proxy.ts';

// One chaos run: a reference server, a chaos proxy in front of it, and the real CLI (a child process, the
// seam a user sees) run against the proxy. Measures the wall time and samples the child's peak memory.

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
    const run = await runCli(args, { nodeArgs: [`--max-old-space-size=${CHILD_HEAP_MB}`], killAfterMs: o.killAfterMs });
    const text = await readFile(path.join(reportDir, 'results.json'), 'utf8').catch(() => undefined);
    return { ...run, sabotaged: [...proxy.sabotaged], abandoned: [...proxy.abandoned], ...(text ? { results: runResultSchema.parse(JSON.parse(text)) } : {}) };
  } finally {
    await proxy?.close();
    await reference.close();
    await rm(dir, { recursive: true, force: true });
  }
}
