import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type ChildRun } from './support/cli-child.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import type { HarEntry } from '../../sut/har.ts';
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
    // With its HAR (issue 29 §8): every exchange of the simulation, redacted.
    const simHar = path.join(dir, 'simulate.har');
    const sim = await runAndScan(
      ['simulate', '--inquiries', '10', '--rate', '50', '--seed', '3', '--resend', '2', '--deadline-ms', '3000', '--har', simHar],
      simDir,
      [simHar],
    );
    expect([0, 1], sim.printed).toContain(sim.run.code);
    const { log } = JSON.parse(await readFile(simHar, 'utf8')) as { log: { version: string; entries: HarEntry[] } };
    expect(log.version).toBe('1.2');
    expect(log.entries.filter((e) => e.request.method === 'POST' && e.request.url.endsWith('/resendwebhook'))).toHaveLength(2);
    const loadDir = path.join(dir, 'load');
    const load = await runAndScan(['load', '--duration', '1', '--connections', '2', '--seed', '3'], loadDir);
    expect([0, 1], load.printed).toContain(load.run.code);
    expect(load.scanned).toContain('load.json');
    expect(sim.scanned).toEqual(expect.arrayContaining(['simulation.json', 'deliveries.jsonl']));
  });
});

// Issue 29 §8: `run --har FILE` writes every exchange with the target as HAR 1.2, redacted exactly as the reports
// are: it parses, has the fields HAR 1.2 requires, one entry per request the target heard, the echoes in it redacted.
describe('run --har', () => {
  it('writes every exchange as valid HAR 1.2, redacted as the reports are', { timeout: 180_000 }, async () => {
    const reportDir = path.join(dir, 'run');
    const har = path.join(dir, 'run.har');
    const before = target.proxy.requests.length;
    const only = 'home/*,errors/*,appnotificaciones/*,status/home/*';
    const run = await runCli(
      ['run', '--seed', '3', '--runs', '2', '--only', only, '--har', har, '--base-url', target.url, '--profile', profile, '--report-dir', reportDir],
      {
        env: SECRET_ENV,
        tmpDir: `${reportDir}-tmp`,
      },
    );
    expect([0, 1], run.stdout + run.stderr).toContain(run.code);
    await expectNoSecrets({ dirs: [reportDir], files: [har], runs: [run] }, TEST_SECRETS);

    const text = await readFile(har, 'utf8');
    const { log } = JSON.parse(text) as { log: { version: string; creator: { name: string }; entries: HarEntry[] } };
    expect(log.version).toBe('1.2');
    expect(log.creator.name).toBe('vmp-conformance');
    // Every request the target heard — inference, discovery, the checks (in the suites' worker), their clean-up, the restores.
    const heard = target.proxy.requests.length - before;
    expect(log.entries).toHaveLength(heard);
    expect(run.stdout).toContain(`har: ${har} (${heard} exchanges)`);
    for (const e of log.entries) {
      expect(Number.isNaN(Date.parse(e.startedDateTime))).toBe(false);
      expect(e.time).toBeGreaterThanOrEqual(0);
      expect(e.request).toMatchObject({ httpVersion: 'HTTP/1.1', cookies: [], headersSize: -1 });
      expect(Array.isArray(e.request.headers) && Array.isArray(e.request.queryString)).toBe(true);
      expect(e.response).toMatchObject({ httpVersion: 'HTTP/1.1', cookies: [], headersSize: -1 });
      expect(typeof e.response.content.size).toBe('number');
      expect(typeof e.response.content.mimeType).toBe('string');
      expect(e.cache).toEqual({});
      expect(e.timings.wait).toBeGreaterThanOrEqual(0);
    }
    const sorted = log.entries.map((e) => e.startedDateTime);
    expect(sorted).toEqual([...sorted].sort());
    expect(log.entries.some((e) => e.request.method === 'PUT' && e.request.postData?.mimeType.includes('json'))).toBe(true);
    // The echoes reached the HAR, redacted: it shows the redaction, not an absence of echoes.
    expect(text).toMatch(/"value": "token <redacted> not accepted"/);
    expect(text).toMatch(/"name": "Authorization",\s*"value": "<redacted>"/);
    expect(text).toMatch(/secret <redacted> stored/);
  });

  it('a --har whose directory does not exist → exit 2 naming it, before anything starts', async () => {
    const run = await runCli(['run', '--har', path.join(dir, 'missing', 'x.har'), '--report-dir', path.join(dir, 'refused')], { env: SECRET_ENV });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--har .*x\.har: directory .*missing does not exist/);
    await expectNoSecrets({ runs: [run] }, TEST_SECRETS);
  });
});
