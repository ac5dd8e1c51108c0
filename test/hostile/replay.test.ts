import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedded } from '../../api/embedded.ts';
import { runResultSchema } from '../../reports/results.ts';
import { runCli, type CliOptions } from './support/cli-child.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { SECRET_ENV, secretProfileJson, startSecretReference, TEST_SECRETS, writeProfile } from './support/secret-target.ts';
import { startShapingProxy, type ShapingProxy } from './support/shaping-proxy.ts';

// Issue 13, item 12: `replay <id>` judged the status code only, so against a server where the rule now passes it
// said "still fails" whenever the status had not changed. A target whose home document lacks its ETag fails
// home/etag-present with a 200 — and mended, still answers 200. Replay re-sends the recorded request (evidence),
// then judges by re-running the rule's own check with the recorded seed, and says so. The credentials are test
// secrets: neither the run nor a replay (which re-sends the recorded request) may write or print them.

const RULE = 'home/etag-present';

let embedded: Embedded;
let proxy: ShapingProxy;
let dir: string;
let profile: string;
let results: string;
let failureId: string;
/** The CLI with the secrets in its environment and its TMPDIR in the test's directory. */
let cliOptions: CliOptions;

const dropEtag = (broken: boolean) => {
  proxy.shaping.headers = broken ? (_req, { etag: _etag, ...rest }) => rest : undefined;
};

beforeAll(async () => {
  const json = await secretProfileJson();
  embedded = await startSecretReference(json);
  proxy = await startShapingProxy(embedded.baseUrl);
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-replay-'));
  profile = await writeProfile(dir, json);
  cliOptions = { env: SECRET_ENV, tmpDir: path.join(dir, 'tmp') };
  dropEtag(true);
  const reportDir = path.join(dir, 'report');
  const run = await runCli(['run', '--base-url', proxy.url, '--profile', profile, '--only', RULE, '--seed', '7', '--report-dir', reportDir], cliOptions);
  expect(run.code, run.stdout + run.stderr).toBe(1);
  await expectNoSecrets({ dirs: [dir], runs: [run] }, TEST_SECRETS);
  results = path.join(reportDir, 'results.json');
  const recorded = runResultSchema.parse(JSON.parse(await readFile(results, 'utf8')));
  const failure = recorded.rules.find((r) => r.id === RULE)!;
  expect(failure.exchanges.at(-1)?.status).toBe(200);
  failureId = failure.failureId!;
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await embedded?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A replay, and everything in the test's directory (the run's reports, temporary files) scanned after it. */
const replay = async () => {
  const r = await runCli(['replay', failureId, '--from', results, '--profile', profile], { ...cliOptions, killAfterMs: 90_000 });
  await expectNoSecrets({ dirs: [dir], runs: [r] }, TEST_SECRETS);
  return r;
};

describe('replay judges by the rule, not by the status code', () => {
  it('the target mended, the same status: "now passes", exit 0, saying it re-ran the check', async () => {
    dropEtag(false);
    const r = await replay();
    expect(r.stderr).toBe('');
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain('the re-sent request answers 200, as recorded (response headers differ: +etag)');
    expect(r.stdout).toContain(`judged by re-running the check of ${RULE} (run --only ${RULE} --seed 7 --runs 25, loading suites/home.suite only):`);
    expect(r.stdout).toMatch(/^now passes: the failure does not reproduce$/m);
  }, 100_000);

  it('the target still broken: "still fails" with the check\'s own message, exit 1', async () => {
    dropEtag(true);
    const r = await replay();
    expect(r.stderr).toBe('');
    expect(r.code, r.stdout).toBe(1);
    expect(r.stdout).toMatch(/^still fails: \[GET\] \/v3: 200 — .*etag/im);
  }, 100_000);

  it('leaves the replayed results.json as it was', async () => {
    const recorded = runResultSchema.parse(JSON.parse(await readFile(results, 'utf8')));
    expect(recorded.rules.find((r) => r.id === RULE)?.failureId).toBe(failureId);
  });
});
