import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ROOT, spawnCli, type ChildRun } from './support/cli-child.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { rewriteJson, startProxy } from './support/proxy.ts';
import { credentialsOf } from './support/secret-scan.ts';
import { perTest, referenceProfileJson, startWebhookTarget, USER_CALLBACK } from './support/webhook-target.ts';

// Issue 22, defect 2: one catalog name of 100,000 characters made a text-matching helper quadratic, and
// `run --max-duration 20` was still running at 100 s; a SIGTERM printed "stopping…" and the process lived on —
// vitest's pool waits for a worker's teardown before it terminates it, and a CPU-bound worker never answers.
// The deadline and a signal are now hard bounds: the process ends within seconds of either, even while every
// check spins on what the target sent, with the reports written and the user's webhook configuration put back.

const TOPIC = 'consultas';
const t = perTest();

/** The reference server behind a proxy, its primary app's inquiry topic configured by the user beforehand. */
async function userTarget(rewrite?: (path: string, json: unknown) => unknown) {
  const json = await referenceProfileJson();
  t.target = await startWebhookTarget(json);
  await t.target.configure('primary', TOPIC, { Url: USER_CALLBACK, Activo: true });
  const before = await t.target.configBytes('primary', TOPIC);
  t.proxy = await startProxy(t.target.server.url, {
    response: (req, res) => (rewrite ? { ...res, body: rewriteJson(res.body, (j) => rewrite(req.path, j)) } : res),
  });
  const dir = await mkdtemp(path.join(tmpdir(), 'vmp-hostile-cpu-'));
  const profile = path.join(dir, 'profile.json');
  await writeFile(profile, JSON.stringify(json));
  return { dir, profile, reportDir: path.join(dir, 'report'), before };
}

/**
 * The run's own reports, and nothing else (no temporary name) in the report directory: vitest's two files are
 * there only when its reporters got to write them, which a worker stopped mid-check does not let them do.
 */
async function expectReports(reportDir: string, exitCode: number): Promise<void> {
  const files = (await readdir(reportDir)).sort();
  expect(files).toEqual(expect.arrayContaining(['report.html', 'results.json', 'summary.md']));
  expect(files.filter((f) => !['junit.xml', 'report.html', 'results.json', 'summary.md', 'vitest.json'].includes(f))).toEqual([]);
  const results = JSON.parse(await readFile(path.join(reportDir, 'results.json'), 'utf8')) as { exitCode: number };
  expect(results.exitCode).toBe(exitCode);
}

const busyRun = (s: { profile: string; reportDir: string; dir: string }, maxDurationSec: number) =>
  spawnCli([t.proxy!.url, s.profile, s.reportDir, String(maxDurationSec)], {
    script: path.join(ROOT, 'test/hostile/support/busy-run.ts'),
    nodeArgs: ['--import', 'tsx'],
    tmpDir: path.join(s.dir, 'tmp'),
    killAfterMs: 90_000,
  });

const context = (run: ChildRun) => `exit ${run.code} after ${Math.round(run.wallMs)} ms\n${run.stdout.slice(-3_000)}\n${run.stderr.slice(-3_000)}`;

describe('a run whose every check is CPU-bound on target data', () => {
  it('ends within --max-duration + 5 s of its start: the worker stopped, the target restored, reports written', { timeout: 120_000 }, async () => {
    const maxDuration = 12;
    const s = await userTarget();
    const child = busyRun(s, maxDuration);
    const run = await child.exited;
    expect(run.wallMs, context(run)).toBeLessThan((maxDuration + 5) * 1000);
    expect(run.code, context(run)).toBe(1);
    expect(await t.target!.configBytes('primary', TOPIC), context(run)).toBe(s.before);
    expect(run.stdout).toContain(`run: restored the primary app's webhook topic '${TOPIC}' (was ${USER_CALLBACK})`);
    await expectReports(s.reportDir, 1);
    await expectNoSecrets({ dirs: [s.reportDir], runs: [run] }, credentialsOf(t.target!.profile));
  });

  it('ends within 5 s of a SIGTERM, the target restored, reports written, exit 143', { timeout: 120_000 }, async () => {
    const s = await userTarget();
    const child = busyRun(s, 300);
    // The first check points the topic elsewhere, then spins for ever.
    while ((await t.target!.config('primary', TOPIC))?.Url === USER_CALLBACK) await sleep(100);
    await sleep(1_000);
    const signalled = performance.now();
    child.child.kill('SIGTERM');
    const run = await child.exited;
    expect(run.atMs - signalled, context(run)).toBeLessThan(5_000);
    expect(run.code, context(run)).toBe(143);
    expect(await t.target!.configBytes('primary', TOPIC), context(run)).toBe(s.before);
    await expectReports(s.reportDir, 143);
    await expectNoSecrets({ dirs: [s.reportDir], runs: [run] }, credentialsOf(t.target!.profile));
  });
});

/** 100,000 characters of a name: every catalog record's name (Nombre) is one. */
const LONG_NAME = `Nombre${'abcdefghij'.repeat(10_000)}`;
const longNames = (json: unknown): unknown => {
  if (Array.isArray(json)) return json.map(longNames);
  if (json === null || typeof json !== 'object') return json;
  return Object.fromEntries(Object.entries(json).map(([k, v]) => [k, k === 'Nombre' && typeof v === 'string' ? LONG_NAME : longNames(v)]));
};
const CATALOG = /^\/v3\/(marcas|colores|ciudades|carrocerias)/;

describe('a catalog whose every name is 100,000 characters long', () => {
  it('run --max-duration ends within its bound + 5 s, the catalog checks judged, reports written', { timeout: 150_000 }, async () => {
    const maxDuration = 40;
    const s = await userTarget((p, json) => (CATALOG.test(p) ? longNames(json) : json));
    const child = spawnCli(
      [
        'run',
        '--base-url',
        t.proxy!.url,
        '--profile',
        s.profile,
        '--report-dir',
        s.reportDir,
        '--seed',
        '3',
        '--only',
        'filters/*,catalogo/*',
        '--max-duration',
        String(maxDuration),
      ],
      { tmpDir: path.join(s.dir, 'tmp'), killAfterMs: 120_000 },
    );
    const run = await child.exited;
    expect(run.wallMs, context(run)).toBeLessThan((maxDuration + 5) * 1000);
    const results = JSON.parse(await readFile(path.join(s.reportDir, 'results.json'), 'utf8')) as { rules: { id: string; verdict: string }[] };
    // Judged, not cut short: the text probes drew their parts from the long names.
    expect(results.rules.filter((r) => r.verdict === 'pass').length, context(run)).toBeGreaterThan(10);
    // No console line repeats a target's long value whole.
    for (const line of run.stdout.split('\n')) expect(line.length).toBeLessThan(4_000);
    expect(await t.target!.configBytes('primary', TOPIC)).toBe(s.before);
    await expectNoSecrets({ dirs: [s.reportDir], runs: [run] }, credentialsOf(t.target!.profile));
  });
});
