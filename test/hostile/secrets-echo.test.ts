import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type ChildRun } from './support/cli-child.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { SECRET_ENV, secretProfileJson, startEchoTarget, TEST_SECRETS, writeProfile, type EchoTarget } from './support/secret-target.ts';

// Issue 13, items 1–2: secrets with ', ", \, spaces, $, non-ASCII and URL-special characters, sent as
// `Bearer ${TOKEN}`, Basic and an API key, a write-only webhook secret in a template and a signing secret, and
// echoed by the target without their scheme in headers, bodies, WWW-Authenticate and percent-encoded URLs. Nothing
// a run, a simulation or a load writes or prints may hold any of them, in any encoding.

let dir: string;
let target: EchoTarget;
let profile: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-hostile-secrets-'));
  const json = await secretProfileJson();
  target = await startEchoTarget(json);
  profile = await writeProfile(dir, json);
});
afterAll(async () => {
  await target?.close();
  await rm(dir, { recursive: true, force: true });
});

async function runAndScan(args: string[], reportDir: string, files: string[] = []): Promise<{ run: ChildRun; printed: string; scanned: string[] }> {
  const run = await runCli([...args, '--base-url', target.url, '--profile', profile, '--report-dir', reportDir], {
    env: SECRET_ENV,
    tmpDir: `${reportDir}-tmp`,
  });
  const scanned = await expectNoSecrets({ dirs: [reportDir], files, runs: [run] }, TEST_SECRETS);
  return { run, printed: run.stdout + run.stderr, scanned: scanned.map((f) => path.basename(f)) };
}

describe('secrets echoed by the target', () => {
  it('appear in no report, no vitest output, no baseline and no console line of a run', { timeout: 240_000 }, async () => {
    const reportDir = path.join(dir, 'run');
    const baseline = path.join(dir, 'baseline.json');
    const only = 'home/*,errors/*,appnotificaciones/*,observe/*,status/home/*,status/appnotificaciones-*,scoping/*';
    const { run, printed, scanned } = await runAndScan(['run', '--seed', '3', '--runs', '2', '--only', only, '--write-baseline', baseline], reportDir, [
      baseline,
    ]);
    expect([0, 1], printed).toContain(run.code);
    expect(scanned).toEqual(expect.arrayContaining(['results.json', 'report.html', 'summary.md', 'junit.xml', 'vitest.json', 'baseline.json']));
    // The echoes did reach the evidence, redacted: the test shows the redaction, not an absence of echoes.
    const results = await readFile(path.join(reportDir, 'results.json'), 'utf8');
    expect(results).toMatch(/"x-echo-0": "token <redacted> not accepted"/);
    expect(results).toMatch(/curl -sS -i .*-H 'Authorization: <redacted>'/);
    expect(results).toMatch(/secret <redacted> stored/);
  });

  it('appear in nothing a simulation or a load writes or prints', { timeout: 240_000 }, async () => {
    const simDir = path.join(dir, 'simulate');
    const sim = await runAndScan(['simulate', '--inquiries', '10', '--rate', '50', '--seed', '3', '--resend', '2', '--deadline-ms', '3000'], simDir);
    expect([0, 1], sim.printed).toContain(sim.run.code);
    const loadDir = path.join(dir, 'load');
    const load = await runAndScan(['load', '--duration', '1', '--connections', '2', '--seed', '3'], loadDir);
    expect([0, 1], load.printed).toContain(load.run.code);
    expect(load.scanned).toContain('load.json');
    expect(sim.scanned).toEqual(expect.arrayContaining(['simulation.json', 'deliveries.jsonl']));
  });
});
