import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { K6_DATA_FILE, K6_SCRIPT_FILE } from '../../simulator/k6-export.ts';
import type { K6Plan } from '../../simulator/k6-plan.ts';
import { SECRETS } from '../independent/secrets.ts';
import { startIndependentServer, type RunningServer } from '../independent/server/server.ts';
import { runMain } from '../support/main-in-process.ts';
import { tempDir } from '../support/sim-target.ts';

// `load --export k6` in the real k6 engine (issue 24): ../shared/tools/k6 from the project root (k6 v0.46.0, see
// ../shared/tools/README.md), or the binary VMP_K6 names. Without it these tests skip, saying so; test/k6's other
// files hold the script to @types/k6 and run it under a shim. The export is made as a user makes it (the CLI,
// without --base-url: the embedded reference server's data) and run against `serve`, started as its header says.

const ROOT = path.resolve(import.meta.dirname, '../..');
const K6 = process.env.VMP_K6 ?? path.resolve(ROOT, '../shared/tools/k6');
const TOKEN = 'Bearer vmp-primary-7f3a2c';

function absence(): string | undefined {
  try {
    accessSync(K6, constants.X_OK);
    return undefined;
  } catch {
    return `k6 is not at ${K6} (../shared/tools/k6 from the project root, or VMP_K6=/path/to/k6): the tests that run the export in the real k6 engine are skipped`;
  }
}
const ABSENT = absence();
if (ABSENT) console.warn(ABSENT);

beforeEach((ctx) => {
  if (ABSENT) ctx.skip(ABSENT);
});

interface K6Run {
  code: number;
  output: string;
  summary: { metrics: Record<string, Record<string, number>> };
  /** Each http_reqs sample's operation (the tag `name`), from k6's JSON output. */
  operations: string[];
}

/** `k6 run` of an export with its summary and its JSON output written beside it. */
function runK6(dir: string, env: Record<string, string>, extra: string[] = [], label = 'run'): Promise<K6Run> {
  const summaryFile = path.join(dir, `${label}-summary.json`);
  const outFile = path.join(dir, `${label}-out.json`);
  const args = ['run', '--quiet', '--no-color', '--summary-export', summaryFile, '--out', `json=${outFile}`, ...extra];
  for (const [k, v] of Object.entries(env)) args.push('-e', `${k}=${v}`);
  args.push(K6_SCRIPT_FILE);
  return new Promise((resolve, reject) => {
    // k6 reads the system environment into __ENV too, and vitest sets BASE_URL ('/', vite's): only -e gives it here.
    const childEnv = { ...process.env, BASE_URL: undefined };
    execFile(K6, args, { cwd: dir, env: childEnv, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, async (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      try {
        const summary = JSON.parse(await readFile(summaryFile, 'utf8'));
        const operations = (await readFile(outFile, 'utf8'))
          .split('\n')
          .filter((line) => line.includes('"metric":"http_reqs"') && line.includes('"type":"Point"'))
          .map((line) => (JSON.parse(line) as { data: { tags: { name: string } } }).data.tags.name);
        resolve({ code, output: `${stdout}\n${stderr}`, summary, operations });
      } catch (e) {
        reject(new Error(`k6 exited ${code} without its summary (${(e as Error).message}):\n${stdout}\n${stderr}`));
      }
    });
  });
}

/** `load --export k6 DIR …` through the CLI, without --base-url: the script aims at `serve`, whose command it prints. */
async function exportCli(flags: string[]): Promise<{ dir: string; plan: K6Plan; serveToday: string }> {
  const dir = await tempDir('vmp-k6-engine-');
  const r = await runMain(['load', '--export', 'k6', dir, ...flags]);
  expect(r.code, [...r.out, ...r.err].join('\n')).toBe(0);
  const today = r.out.join('\n').match(/serve --today (\d{4}-\d{2}-\d{2})/)?.[1];
  expect(today, r.out.join('\n')).toBeDefined();
  return { dir, plan: JSON.parse(await readFile(path.join(dir, K6_DATA_FILE), 'utf8')), serveToday: today! };
}

let serve: ChildProcess | undefined;
let baseUrl: string;

/** `vmp-conformance serve --today D` as the export's header says, on a free port. */
async function startServe(today: string): Promise<string> {
  serve = spawn(process.execPath, [path.join(ROOT, 'bin/vmp-conformance.js'), 'serve', '--today', today, '--port', '0'], { cwd: ROOT });
  return new Promise((resolve, reject) => {
    let text = '';
    serve!.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const url = text.match(/base URL: (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
      if (url) resolve(url);
    });
    serve!.on('exit', (code) => reject(new Error(`serve exited ${code}: ${text}`)));
  });
}

let closed: { dir: string; plan: K6Plan };

beforeAll(async () => {
  if (ABSENT) return;
  const made = await exportCli(['--connections', '4', '--duration', '3', '--validate-every', '5', '--threshold', 'p99<5s', '--threshold', 'errors<1%']);
  closed = made;
  baseUrl = await startServe(made.serveToday);
}, 90_000);

afterAll(() => {
  serve?.kill('SIGTERM');
});

const checks = (r: K6Run) => r.summary.metrics.checks ?? { passes: 0, fails: 0 };

describe('load --export k6 in the real k6', () => {
  it('completes against the reference server: every sampled check passes, http_req_failed is 0', async () => {
    const r = await runK6(closed.dir, { VMP_PRIMARY_AUTHORIZATION: TOKEN, BASE_URL: baseUrl });
    expect(r.code, r.output).toBe(0);
    expect(checks(r).fails, r.output).toBe(0);
    expect(checks(r).passes, r.output).toBeGreaterThan(0);
    expect(r.summary.metrics.http_req_failed, r.output).toMatchObject({ value: 0, passes: 0 });
    expect(r.summary.metrics.vmp_completed?.count).toBe(r.operations.length);
    // Every operation of the mix was sent.
    expect(new Set(r.operations)).toEqual(new Set(closed.plan.operations.map((o) => o.id)));
  }, 120_000);

  it('exits 99 on a broken threshold, where load exits 1', async () => {
    const { dir } = await exportCli(['--connections', '2', '--duration', '1', '--threshold', 'p50<1us']);
    const r = await runK6(dir, { VMP_PRIMARY_AUTHORIZATION: TOKEN, BASE_URL: baseUrl });
    expect(r.code, r.output).toBe(99);
    expect(r.output).toMatch(/thresholds on metrics 'http_req_duration' have been crossed/);
    const load = await runMain(['load', '--connections', '2', '--duration', '1', '--threshold', 'p50<1us', '--report-dir', await tempDir('vmp-k6-load-')]);
    expect(load.code, load.out.join('\n')).toBe(1);
  }, 120_000);

  it('split in two execution segments run at once, sends one whole run together, validations in both halves', async () => {
    // 40 arrivals a second for 5 s, every 10th response validated: 200 requests, 20 validations.
    const { dir, plan } = await exportCli(['--rate', '40', '--duration', '5', '--connections', '40', '--validate-every', '10']);
    const env = { VMP_PRIMARY_AUTHORIZATION: TOKEN, BASE_URL: baseUrl };
    const sequence = ['--execution-segment-sequence', '0,1/2,1'];
    const [first, second] = await Promise.all([
      runK6(dir, env, ['--execution-segment', '0:1/2', ...sequence], 'first'),
      runK6(dir, env, ['--execution-segment', '1/2:1', ...sequence], 'second'),
    ]);
    for (const half of [first, second]) {
      expect(half.code, half.output).toBe(0);
      expect(half.summary.metrics.dropped_iterations, half.output).toBeUndefined();
      expect(half.summary.metrics.http_req_failed, half.output).toMatchObject({ value: 0 });
      // The validations are spread over both halves: each validates every 10th of its own share.
      expect(checks(half).fails, half.output).toBe(0);
      expect(checks(half).passes, half.output).toBe(Math.floor(half.operations.length / 10));
      expect(checks(half).passes).toBeGreaterThan(0);
    }
    // Together, the requests of one whole run: the first N of load's sequence, each once — N about 40/s × 5 s (k6
    // may start an arrival or two more at the edges, more on a busy machine).
    const sent = [...first.operations, ...second.operations];
    const whole = Array.from({ length: sent.length }, (_, i) => plan.operations[plan.sequence[i % plan.sequence.length]!]!.id);
    expect(sent.sort()).toEqual(whole.sort());
    expect(sent.length).toBeGreaterThanOrEqual(195);
    expect(sent.length).toBeLessThanOrEqual(210);
  }, 120_000);
});

describe('load --export k6 against a server of another catalog, in the real k6', () => {
  let independent: RunningServer;
  beforeAll(async () => {
    if (ABSENT) return;
    Object.assign(process.env, SECRETS);
    independent = await startIndependentServer();
  });
  afterAll(async () => {
    await independent?.close();
  });

  it('every request of the mix is answered 2xx (its values come from the target)', async () => {
    const dir = await tempDir('vmp-k6-indep-');
    const profile = path.join(ROOT, 'test/independent/profile.json');
    const made = await runMain(['load', '--export', 'k6', dir, '--base-url', independent.url, '--profile', profile, '--connections', '2', '--duration', '2']);
    expect(made.code, [...made.out, ...made.err].join('\n')).toBe(0);
    expect(made.out.join('\n')).not.toMatch(/probable mix problem/);
    const r = await runK6(dir, { VMP_PRIMARY_X_PARTNER_CREDENTIAL: 'indep-primaria-7c1f0a9e55d2' });
    expect(r.code, r.output).toBe(0);
    expect(r.summary.metrics.http_req_failed, r.output).toMatchObject({ value: 0, passes: 0 });
    expect(checks(r).fails, r.output).toBe(0);
    expect(r.operations).toContain('carrocerias-bestmatch');
  }, 120_000);
});
