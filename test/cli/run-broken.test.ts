import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baselineSchema } from '../../api/baseline.ts';
import { runResultSchema, type RunResult } from '../../reports/results.ts';
import { startBrokenServer, type BrokenServer } from '../support/broken-server.ts';
import { cli, E2E_TIMEOUT, HOME_RULES, reportFiles, ROOT, SECRET_VALUES, tempDir, writeSecretProfile, type CliResult } from './run-support.ts';

// End to end through the real binary: a run against a deliberately broken target (exit 1, every report,
// redaction, --write-baseline), the same run with that baseline (exit 0, "still failing"), and a run
// against the embedded reference server with it (exit 0, "now passing").

const FAILING = ['home/etag-304', 'status/home/304', 'status/home/documented-only'];

let server: BrokenServer;
let dir: string;
let reportDir: string;
let baselineFile: string;
let first: CliResult;
let result: RunResult;

beforeAll(async () => {
  server = await startBrokenServer(SECRET_VALUES);
  dir = await tempDir('broken');
  reportDir = path.join(dir, 'report');
  baselineFile = path.join(dir, 'baseline.json');
  const profile = await writeSecretProfile(dir);
  first = await cli([
    'run',
    '--base-url',
    server.url,
    '--profile',
    profile,
    '--only',
    HOME_RULES,
    '--seed',
    '5',
    '--report-dir',
    reportDir,
    '--write-baseline',
    baselineFile,
  ]);
  result = runResultSchema.parse(JSON.parse(await readFile(path.join(reportDir, 'results.json'), 'utf8')));
}, E2E_TIMEOUT);

afterAll(() => server?.close());

describe('a run against a broken target', () => {
  it('exits 1 and says which rules failed, with their statements and messages', () => {
    expect(first.stderr).toBe('');
    expect(first.code).toBe(1);
    // home: etag-present, etag-mismatch-not-304 (a refused validator is no 304) and entry-points-lead pass,
    // etag-304 fails.
    expect(first.stdout).toMatch(/^ {2}FAIL home\s+3 passed, 1 failed, 1 skipped$/m);
    expect(first.stdout).toMatch(/^ {2}home\s+3\s+1\s+1\s+0$/m);
    expect(first.stdout).toContain('Failed rules (3):');
    expect(first.stdout).toContain(
      "repeating GET /v3 in each form the row offers, with the ETag that form gave in the profile's conditional header, answers 304",
    );
    expect(first.stdout).toContain('[GET] /v3: 400 — expected 304');
    expect(first.stdout).toMatch(/^FAIL: 4 passed, 3 failed, 1 skipped, 0 observed/m);
  });

  it('writes results.json with every selected rule, the evidence of failures and the run facts', async () => {
    const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(result.tool.version).toBe(pkg.version);
    expect(result.seed).toBe(5);
    // How to reach the target again (replay): its URL and the profile file, never a secret.
    expect(result.target).toEqual({ baseUrl: server.url, embedded: false, profileFile: path.join(dir, 'profile.json') });
    expect(result.exitCode).toBe(1);
    expect(
      result.rules
        .filter((r) => r.verdict === 'fail')
        .map((r) => r.id)
        .sort(),
    ).toEqual(FAILING);
    const failure = result.rules.find((r) => r.id === 'home/etag-304')!;
    expect(failure).toMatchObject({ level: 'profile', section: 'Endpoints > Home', area: 'home' });
    expect(failure.failureId).toMatch(/^[0-9a-f]{7}$/);
    const last = failure.exchanges.find((x) => x.failed)!;
    expect(last.status).toBe(400);
    expect(last.curl).toContain("-H 'Authorization: <redacted>'");
    expect(last.curl).toContain('-H \'If-None-Match: "home-v1"\'');
    expect(last.bodyExcerpt).toContain('conditional requests are not supported');
    expect(result.rules.find((r) => r.id === 'home/304-no-body')!.verdict).toBe('skip');
    expect(result.profile).toMatchObject({ apps: { primary: { headers: { Authorization: '<redacted>' } } } });
  });

  it('writes junit.xml (one testcase per rule, id in the name), summary.md and report.html', async () => {
    const files = await reportFiles(reportDir);
    expect([...files.keys()].sort()).toEqual(['junit.xml', 'report.html', 'results.json', 'summary.md', 'vitest.json']);
    const junit = files.get('junit.xml')!;
    expect(junit).toMatch(/<testcase [^>]*name="\[home\/etag-304\][^"]*"[^>]*>(?:(?!<\/testcase>)[\s\S])*<failure message="\[GET\] \/v3: 400/);
    expect(files.get('summary.md')).toContain('## vmp-conformance: FAIL');
    expect(files.get('summary.md')).toContain(`| \`home/etag-304\` | profile |`);
    expect(files.get('report.html')).toContain('data-rule="home/etag-304" data-verdict="fail"');
  });

  it('never shows a secret header value, in any report file or console line', async () => {
    const files = await reportFiles(reportDir);
    const texts = [...files.values(), first.stdout, first.stderr, await readFile(baselineFile, 'utf8')];
    for (const secret of SECRET_VALUES) {
      const token = secret.replace(/^Bearer /, '');
      for (const text of texts) expect(text).not.toContain(token);
    }
    // The broken server did see them: the run really sent credentials.
    expect(server.requests.length).toBeGreaterThan(5);
  });

  it('--write-baseline records the failing rules with their causes, sorted, with the tool version', async () => {
    const baseline = baselineSchema.parse(JSON.parse(await readFile(baselineFile, 'utf8')));
    expect(baseline.failing).toEqual(FAILING.map((rule) => ({ rule, cause: result.rules.find((r) => r.id === rule)!.cause })));
    // The cause is what the target did (a 4xx where a 3xx was expected), not the wording of a message.
    expect(baseline.failing).toContainEqual({ rule: 'status/home/304', cause: 'status-class 4xx for 3xx' });
    expect(baseline.version).toBe(result.tool.version);
    expect(first.stdout).toContain(`baseline written: ${baselineFile} (3 failing rules)`);
  });
});

describe('the baseline cycle', () => {
  it('with the baseline, the same failures are known: exit 0 and "still failing"', { timeout: E2E_TIMEOUT }, async () => {
    const profile = path.join(dir, 'profile.json');
    const again = path.join(dir, 'again');
    const r = await cli(['run', '--base-url', server.url, '--profile', profile, '--only', HOME_RULES, '--baseline', baselineFile, '--report-dir', again]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Still failing, expected by the baseline ${baselineFile} (3):`);
    expect(r.stdout).not.toContain('New failures');
    const rerun = runResultSchema.parse(JSON.parse(await readFile(path.join(again, 'results.json'), 'utf8')));
    expect(rerun.baseline).toMatchObject({ stillFailing: FAILING, nowPassing: [], newFailures: [] });
    expect(rerun.rules.find((r) => r.id === 'home/etag-304')!.baseline).toBe('still-failing');
    expect(await readFile(path.join(again, 'summary.md'), 'utf8')).toContain('- still failing (known): `home/etag-304`');
  });

  it('against a conforming target (the embedded server, exit 0) it reports the rules now passing', { timeout: E2E_TIMEOUT }, async () => {
    const fixed = path.join(dir, 'fixed');
    const r = await cli(['run', '--only', HOME_RULES, '--baseline', baselineFile, '--report-dir', fixed]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('(embedded reference server)');
    expect(r.stdout).toContain(`Now passing — remove from the baseline ${baselineFile} (3):`);
    expect(r.stdout).toMatch(/^PASS: /m);
    const rerun = runResultSchema.parse(JSON.parse(await readFile(path.join(fixed, 'results.json'), 'utf8')));
    expect(rerun.baseline).toMatchObject({ stillFailing: [], nowPassing: FAILING, newFailures: [] });
    expect(rerun.exitCode).toBe(0);
  });
});
