import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { parseProfile } from '../../sut/profile-load.ts';
import type { Profile } from '../../sut/profile.ts';

// The public seam: `vmp-conformance run` as a child process, judged by its exit code and results.json.
// Shared by the mutant gallery and the false-positive runs.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = path.join(ROOT, 'bin/vmp-conformance.js');
export const PROFILE_FILE = path.join(ROOT, 'profiles/reference.json');
export const ALT_PROFILE_FILE = path.join(ROOT, 'profiles/reference-alt.json');
export const QUERY_PROFILE_FILE = path.join(ROOT, 'profiles/reference-query.json');

/** The part of results.json these tests read (reports/results.ts has the whole schema). */
const resultsSchema = z.object({
  rules: z.array(
    z.object({
      id: z.string(),
      level: z.string(),
      verdict: z.string(),
      message: z.string().optional(),
      skipReason: z.string().optional(),
      observation: z.string().optional(),
      instances: z.number().optional(),
    }),
  ),
  inferred: z.array(z.object({ key: z.string() })).optional(),
});

export interface CliRun {
  code: number | null;
  wallMs: number;
  rules: z.infer<typeof resultsSchema>['rules'];
  /** The keys the run inferred (results.json `inferred`); runCli fills in these three, the gallery's batches not. */
  inferred?: string[];
  /** The last lines of stdout and stderr, for a failure message. */
  tail: string;
  /** All it printed, and every report file it wrote, for what they must and must not show. */
  output?: string;
  reports?: string;
}

interface CliRunOptions {
  /** Omit for the embedded reference server. */
  baseUrl?: string;
  profileFile?: string;
  seed: number;
  runs?: number;
  only?: string;
  readOnly?: boolean;
  /** --timeout-ms; runs that must pass on a loaded machine give more, so the slowness breaker (half of it) holds. */
  timeoutMs?: number;
  killAfterMs: number;
}

export async function runCli(o: CliRunOptions): Promise<CliRun> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vmp-mutant-'));
  const args = ['run', '--seed', String(o.seed), '--report-dir', dir];
  if (o.baseUrl) args.push('--base-url', o.baseUrl);
  if (o.profileFile) args.push('--profile', o.profileFile);
  if (o.runs !== undefined) args.push('--runs', String(o.runs));
  if (o.only) args.push('--only', o.only);
  if (o.readOnly) args.push('--read-only');
  if (o.timeoutMs !== undefined) args.push('--timeout-ms', String(o.timeoutMs));
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const killer = setTimeout(() => child.kill('SIGKILL'), o.killAfterMs);
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  clearTimeout(killer);
  const wallMs = performance.now() - started;
  try {
    const text = await readFile(path.join(dir, 'results.json'), 'utf8').catch(() => undefined);
    const results = text ? resultsSchema.parse(JSON.parse(text)) : { rules: [] };
    const reports = (
      await Promise.all(['results.json', 'summary.md', 'report.html', 'junit.xml'].map((f) => readFile(path.join(dir, f), 'utf8').catch(() => '')))
    ).join('\n');
    const inferred = (results.inferred ?? []).map((f) => f.key);
    return { code, wallMs, rules: results.rules, inferred, tail: output.split('\n').slice(-12).join('\n'), output, reports };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function loadProfile(file: string): Promise<Profile> {
  return parseProfile(JSON.parse(await readFile(file, 'utf8')));
}

/** A fresh reference server (seed 1) for one run: runs never share state. */
export const freshReference = (profile: Profile): Promise<ReferenceServer> => startReferenceServer({ profile });

/** Runs tasks with at most `width` at a time, keeping their order in the results. */
export async function pool<T, R>(items: readonly T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}
