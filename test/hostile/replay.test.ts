import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type Embedded } from '../../cli/embedded.ts';
import { runResultSchema } from '../../reports/results.ts';
import { ROOT, runCli } from './support/cli-child.ts';
import { startShapingProxy, type ShapingProxy } from './support/shaping-proxy.ts';

// Issue 13, item 12: `replay <id>` judged the status code only, so against a server where the rule now passes it
// said "still fails" whenever the status had not changed. A target whose home document lacks its ETag fails
// home/etag-present with a 200 — and mended, still answers 200. Replay re-sends the recorded request (evidence),
// then judges by re-running the rule's own check with the recorded seed, and says so.

const RULE = 'home/etag-present';
const PROFILE = path.join(ROOT, 'profiles/reference.json');

let embedded: Embedded;
let proxy: ShapingProxy;
let dir: string;
let results: string;
let failureId: string;

const dropEtag = (broken: boolean) => {
  proxy.shaping.headers = broken ? (_req, { etag: _etag, ...rest }) => rest : undefined;
};

beforeAll(async () => {
  embedded = await startEmbedded();
  proxy = await startShapingProxy(embedded.baseUrl);
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-replay-'));
  dropEtag(true);
  const reportDir = path.join(dir, 'report');
  const run = await runCli(['run', '--base-url', proxy.url, '--profile', PROFILE, '--only', RULE, '--seed', '7', '--report-dir', reportDir]);
  expect(run.code, run.stdout + run.stderr).toBe(1);
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

const replay = () => runCli(['replay', failureId, '--from', results, '--profile', PROFILE], { killAfterMs: 90_000 });

describe('replay judges by the rule, not by the status code', () => {
  it('the target mended, the same status: "now passes", exit 0, saying it re-ran the check', async () => {
    dropEtag(false);
    const r = await replay();
    expect(r.stderr).toBe('');
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain('the re-sent request answers 200, as recorded (response headers differ: +etag)');
    expect(r.stdout).toContain(`judged by re-running the check of ${RULE} (run --only ${RULE} --seed 7 --runs 25):`);
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
