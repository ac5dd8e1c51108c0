import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { runResultSchema, type RunResult } from '../../reports/results.ts';
import { parseProfile } from '../../sut/profile-load.ts';
import { startGateway, type Gateway, type GatewayBehaviour } from '../support/flaky-gateway.ts';
import { cli, E2E_TIMEOUT, ROOT, type CliResult } from './run-support.ts';

// The run's infrastructure cause counts every request of the run (issue 27, Principle 5), and says so where the
// network left nothing to judge. The real CLI behind a gateway of the test's (test/support/flaky-gateway.ts), in
// front of a fresh reference server, on two areas with 3 runs per property:
// - a gateway that throttles every 5th GET (429, Retry-After: 0): the tally's requests and 429s are the gateway's,
//   one for one — the lease's reads, the reachability check, discovery, the checks, their clean-up and the
//   restores, not only what the checks counted themselves (before: 105 of 136 requests, 12 of 17 429s);
// - a gateway that lets the run start (the reachability check, discovery) and then answers everything 429 (or 503)
//   with a Retry-After too long to wait: exit 3, ERROR, the one infrastructure cause in the console, summary.md,
//   results.json and junit.xml, every rule skipped and none failed. Read-only: a run that changed nothing has
//   nothing to put back (what a refused restore does is the journal's tests').

const PROFILE = path.join(ROOT, 'profiles/reference.json');
const ONLY = 'home/*,appnotificaciones/*';

let dir: string;
let server: ReferenceServer;
const opened: Gateway[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-run-traffic-'));
  server = await startReferenceServer({ profile: parseProfile(JSON.parse(await readFile(PROFILE, 'utf8'))) });
});

afterAll(async () => {
  for (const g of opened) await g.close();
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

let runs = 0;
async function run(behaviour: GatewayBehaviour, flags: string[] = []): Promise<CliResult & { gateway: Gateway; results: RunResult; reportDir: string }> {
  const gateway = await startGateway(server.url, behaviour);
  opened.push(gateway);
  const reportDir = path.join(dir, `report-${++runs}`);
  const r = await cli([
    'run',
    '--base-url',
    gateway.url,
    '--profile',
    PROFILE,
    '--report-dir',
    reportDir,
    '--only',
    ONLY,
    '--runs',
    '3',
    '--seed',
    '7',
    ...flags,
  ]);
  const results = runResultSchema.parse(JSON.parse(await readFile(path.join(reportDir, 'results.json'), 'utf8')));
  return { ...r, gateway, results, reportDir };
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

describe('the infrastructure cause counts every request of the run', () => {
  it(
    'every 5th GET throttled: the tally holds each request and each 429 the gateway saw, and the run passes',
    async () => {
      let gets = 0;
      const r = await run((_n, _at, req) => (req.method === 'GET' && ++gets % 5 === 0 ? { status: 429, retryAfter: '0' } : 'forward'));
      expect(r.code, r.stdout.slice(-3_000)).toBe(0);
      const t = r.results.infrastructure?.traffic;
      console.log(`gateway ${JSON.stringify(r.gateway.counts)}; tally ${JSON.stringify(t)}`);
      expect(r.gateway.counts['429']).toBeGreaterThan(0);
      expect(t?.attempts).toBe(total(r.gateway.counts));
      expect(t?.throttled).toBe(r.gateway.counts['429']);
      // Each 429 was sent again, or stayed the answer (the unframed read of home/304-no-body is sent once): by cause.
      const retried = t?.retries['429'] ?? 0;
      expect(retried + (t?.lost.throttled ?? 0)).toBe(r.gateway.counts['429']);
      expect(retried).toBeGreaterThan(0);
      expect(r.stdout).toContain(`Network: ${retried} requests were sent again (${retried} after a 429)`);
    },
    E2E_TIMEOUT,
  );
});

/** Forwards until the checks begin (the first GET of the home document, which neither the reachability check nor discovery reads), then answers `answer` to everything. */
const refuseOnceChecking = (answer: { status: number; retryAfter: string }): GatewayBehaviour => {
  let checking = false;
  return (_n, _at, req) => {
    checking ||= req.url === '/v3' || (req.url?.startsWith('/v3?') ?? false);
    return checking ? answer : 'forward';
  };
};

describe('a run the network left with nothing judged: exit 3, ERROR, the one infrastructure cause', () => {
  it.each([
    {
      status: 429,
      cause: /^the target answered 429 to (\d+) of (\d+) requests; try --rate-limit \d+\/s$/,
      skip: /^not judged: the target throttled \(\d+×429\)$/,
    },
    {
      status: 503,
      cause: /^the target answered 503 with Retry-After to (\d+) of (\d+) requests \(a deploy or maintenance\?\); run again once it is back$/,
      skip: /^not judged: the target was unavailable \(\d+×503 with Retry-After\)$/,
    },
  ])(
    'everything answered $status with Retry-After: 3600 once the checks begin',
    async ({ status, cause, skip }) => {
      const r = await run(refuseOnceChecking({ status, retryAfter: '3600' }), ['--read-only']);
      const refused = r.gateway.counts[String(status)] ?? 0;
      expect(refused).toBeGreaterThan(0);
      expect(r.code, r.stdout.slice(-3_000)).toBe(3);
      // results.json: the cause, counted over every request, and no rule judged.
      const i = r.results.infrastructure!;
      expect(i.cause).toMatch(cause);
      const [, lost, of] = cause.exec(i.cause!)!;
      expect([Number(lost), Number(of)]).toEqual([refused, total(r.gateway.counts)]);
      expect(r.results.exitCode).toBe(3);
      expect(r.results.summary).toMatchObject({ passed: 0, failed: 0 });
      const notJudged = r.results.rules.filter((x) => skip.test(x.skipReason ?? ''));
      expect(notJudged.length).toBe(i.rulesNotJudged);
      expect(i.rulesNotJudged).toBeGreaterThan(0);
      expect(r.results.rules.every((x) => x.verdict === 'skip')).toBe(true);
      // The console: after the table, the cause first; the verdict ERROR.
      const lines = r.stdout.split('\n');
      const afterTable = lines.slice(lines.findIndex((l) => /^ {2}total\s/.test(l)) + 1).filter((l) => l !== '');
      expect(afterTable[0]).toBe(`Infrastructure: ${i.cause} (${i.rulesNotJudged} rule${i.rulesNotJudged === 1 ? '' : 's'} not judged).`);
      expect(lines.find((l) => /^(PASS|FAIL|ERROR|INTERRUPTED):/.test(l))).toMatch(/^ERROR: 0 passed, 0 failed, \d+ skipped/);
      // summary.md leads with the verdict and the cause (its punctuation escaped: reports/markdown-text.ts).
      const summary = (await readFile(path.join(r.reportDir, 'summary.md'), 'utf8')).split('\n');
      expect(summary[0]).toBe('## vmp-conformance: ERROR');
      expect(summary[2]!.replace(/\\(?=[!-/:-@[-`{-~])/g, '')).toBe(`**${afterTable[0]}**`);
      // junit.xml: one error of the run, the cause; no failure.
      const junit = await readFile(path.join(r.reportDir, 'junit.xml'), 'utf8');
      expect(junit).toMatch(/<testsuites name="vmp-conformance" tests="\d+" failures="0" errors="1" /);
      const error =
        /<testsuite name="run"[\s\S]*?<testcase [^>]*name="the network lets the run judge the target"[^>]*>\s*<error message="([^"]*)" type="VMP_ERR_INFRASTRUCTURE">/.exec(
          junit,
        );
      expect(error?.[1]?.replace(/&apos;/g, "'")).toBe(afterTable[0]);
    },
    E2E_TIMEOUT,
  );
});
