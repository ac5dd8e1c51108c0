import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../cli/main.ts';
import { runResultSchema, type RunResult } from '../../reports/results.ts';
import { E2E_TIMEOUT, SECRETS, tempDir, writeSecretProfile } from '../cli/run-support.ts';
import { startMutantProxy, type MutantProxy } from '../mutants/proxy.ts';
import { answers, formAsked } from '../mutants/gallery/helpers.ts';
import { FAULTS, startHostile, type HostileServer } from './discovery-servers.ts';
import { runCli, type ChildRun } from './support/cli-child.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { CLI_SECRETS } from './support/secret-scan.ts';
import { SECRET_ENV, secretProfileJson, startSecretReference, TEST_SECRETS, writeProfile } from './support/secret-target.ts';

// Issue 12 §5 and issue 13 items 10–11 through the real binary: a target that answers, but wrongly, during
// discovery is a failed rule (exit 1) whose evidence is the exchange, the console and reports name the cause,
// and the checks that need the missing fixture skip with it; exit 3 is for no connection and rejected
// credentials only; a --base-url with a query or fragment is exit 2. Every run's credentials are test secrets,
// which nothing it writes or prints may show.

interface Run {
  cli: ChildRun;
  reportDir: string;
  result: RunResult;
  html: string;
  summary: string;
}

/** The secrets of both profiles below (test/cli/run-support.ts's, and secret-target.ts's for the full run). */
const SECRETS_USED = [...CLI_SECRETS, ...TEST_SECRETS];
const servers: { close(): Promise<void> }[] = [];
let profile: string;
let dir: string;

async function runOn(url: string, only: string | undefined, profileFile = profile): Promise<Run> {
  const reportDir = await mkdtemp(path.join(dir, 'run-'));
  const args = ['run', '--base-url', url, '--profile', profileFile, '--seed', '1', '--runs', '3', '--report-dir', reportDir, ...(only ? ['--only', only] : [])];
  const result = await runCli(args, { env: { ...SECRETS, ...SECRET_ENV }, tmpDir: `${reportDir}-tmp` });
  const read = (name: string) => readFile(path.join(reportDir, name), 'utf8').catch(() => '');
  return {
    cli: result,
    reportDir,
    result: runResultSchema.parse(JSON.parse((await read('results.json')) || '{}')),
    html: await read('report.html'),
    summary: await read('summary.md'),
  };
}

async function hostile(fault: keyof typeof FAULTS): Promise<HostileServer> {
  const server = await startHostile(FAULTS[fault]);
  servers.push(server);
  return server;
}

const rule = (r: Run, id: string) => r.result.rules.find((x) => x.id === id);
const failed = (r: Run) =>
  r.result.rules
    .filter((x) => x.verdict === 'fail')
    .map((x) => x.id)
    .sort();

/** The ref form of GET /v3/agencias labelled application/json: the body is right, the label is not. */
const REF_MISLABELLED = answers(['agencias-list'], (req, res) => {
  if (formAsked(req) === 'ref') res.headers['content-type'] = 'application/json';
});

let notFound: Run;
let foreign: Run;
let inquiries5xx: Run;
let truncated: Run;
let mislabelled: Run;

beforeAll(async () => {
  dir = await tempDir('hostile-discovery');
  profile = await writeSecretProfile(dir);
  const referenceJson = await secretProfileJson();
  const referenceDir = path.join(dir, 'reference');
  await mkdir(referenceDir);
  const referenceProfile = await writeProfile(referenceDir, referenceJson);
  const reference = await startSecretReference(referenceJson);
  const proxy: MutantProxy = await startMutantProxy({ upstream: reference.baseUrl, profile: reference.profile, fault: REF_MISLABELLED });
  servers.push(proxy, reference);
  const [a, b, c, d] = await Promise.all([hostile('notFound'), hostile('foreign'), hostile('inquiries5xx'), hostile('truncatedRef')]);
  // Five CLI processes on two cores: the narrow runs together, then the full one.
  [notFound, foreign, inquiries5xx, truncated] = await Promise.all([
    runOn(a.url, 'scoping/foreign-agency-get-404,conventions/*'),
    runOn(b.url, 'scoping/foreign-agency-get-404'),
    runOn(c.url, 'scoping/foreign-consulta-get-404'),
    runOn(d.url, 'scoping/foreign-agency-get-404'),
  ]);
  mislabelled = await runOn(proxy.url, undefined, referenceProfile);
}, 2 * E2E_TIMEOUT);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await rm(dir, { recursive: true, force: true });
});

describe('every run above', () => {
  it('writes no secret in any report, temporary file or console line', async () => {
    const runs = [notFound, foreign, inquiries5xx, truncated, mislabelled];
    await expectNoSecrets({ dirs: runs.map((r) => r.reportDir), runs: runs.map((r) => r.cli) }, SECRETS_USED);
  });
});

describe('404 on GET /v3/agencias', () => {
  it('is exit 1: the rule it breaks fails, with the exchange (curl and response) as evidence', () => {
    expect(notFound.cli.stderr).toBe('');
    expect(notFound.cli.code).toBe(1);
    const status = rule(notFound, 'status/agencias-list/200')!;
    expect(status.verdict).toBe('fail');
    expect(status.message).toMatch(/^\[GET\] \/v3\/agencias: 404 — expected 200 \(list of Agencias/);
    const evidence = status.exchanges.at(-1)!;
    expect(evidence).toMatchObject({ method: 'GET', status: 404, bodyExcerpt: expect.stringContaining('Error code: 404') });
    expect(evidence.curl).toMatch(/^curl .*'Authorization: <redacted>'.*\/v3\/agencias'$/);
  });

  it('names the real cause on the console and in results.json, never "no agency found … exit 3"', () => {
    expect(notFound.cli.stdout).toMatch(/^discovery: GET \/v3\/agencias answered 404 — expected 200 .*\(fails status\/agencias-list\/200\)$/m);
    expect(notFound.cli.stdout).toMatch(
      /^discovery: no agency of the primary app is known: GET \/v3\/agencias asking for .* answered 404; .* — the checks that need it skip$/m,
    );
    expect(notFound.result.discovery).toEqual([
      expect.stringMatching(/^GET \/v3\/agencias answered 404/),
      expect.stringMatching(/^no agency of the primary app is known/),
    ]);
    expect(notFound.html).toContain('<h3>Before the checks: fixture discovery</h3><ul><li>GET /v3/agencias answered 404');
    expect(notFound.summary).toMatch(/^- GET \/v3\/agencias answered 404/m);
    expect(notFound.cli.stdout + notFound.cli.stderr).not.toMatch(/no agency found|cannot explore/);
  });

  it('skips the checks that need the agency with that cause, and the checks that reached nothing as not exercised', () => {
    expect(rule(notFound, 'scoping/foreign-agency-get-404')).toMatchObject({
      verdict: 'skip',
      skipReason: expect.stringMatching(/GET \/v3\/agencias asking for .* answered 404/),
    });
    // Issue 13 item 11: these passed with zero exchanges against a broken target.
    const conventions = notFound.result.rules.filter((r) => r.id.startsWith('conventions/'));
    expect(conventions.length).toBeGreaterThanOrEqual(5);
    for (const r of conventions) expect(r, r.id).toMatchObject({ verdict: 'skip', skipReason: expect.stringMatching(/^not exercised: /) });
  });
});

describe('other targets that answer wrongly during discovery: exit 1, the cause named', () => {
  it('a foreign server (200 text/html everywhere, like python3 -m http.server) fails the media rules of the forms asked', () => {
    expect(foreign.cli.code).toBe(1);
    expect(failed(foreign)).toEqual(['media/agencias-list/json', 'media/agencias-list/ref']);
    expect(rule(foreign, 'media/agencias-list/ref')!.message).toMatch(
      /^\[GET\] \/v3\/agencias: 200 — expected Content-Type application\/vnd\.service\.ref\+json, got text\/html/,
    );
    expect(rule(foreign, 'scoping/foreign-agency-get-404')).toMatchObject({ verdict: 'skip', skipReason: expect.stringMatching(/got text\/html/) });
  });

  it("a 5xx on the agency's inquiry list fails status/consultas-list/200; the checks that need an inquiry skip with the 503", () => {
    expect(inquiries5xx.cli.code).toBe(1);
    expect(failed(inquiries5xx)).toEqual(['status/consultas-list/200']);
    expect(rule(inquiries5xx, 'status/consultas-list/200')!.exchanges.at(-1)).toMatchObject({
      status: 503,
      bodyExcerpt: expect.stringContaining('database unavailable'),
    });
    expect(rule(inquiries5xx, 'scoping/foreign-consulta-get-404')).toMatchObject({ verdict: 'skip', skipReason: expect.stringMatching(/answered 503/) });
  });

  it('a truncated reference form fails its media rule; the full form gives the agency, and the checks run', () => {
    expect(truncated.cli.code).toBe(1);
    expect(failed(truncated)).toEqual(['media/agencias-list/ref']);
    expect(rule(truncated, 'media/agencias-list/ref')!.message).toMatch(/VMP_ERR_PROTOCOL: response truncated/);
    expect(rule(truncated, 'scoping/foreign-agency-get-404')!.verdict).toBe('pass');
  });
});

describe('the reference server with only the reference form of its agency list broken (a full run)', () => {
  it('finds its fixtures through the full form and fails only media/agencias-list/ref; everything else runs', () => {
    expect(mislabelled.cli.stderr).toBe('');
    expect(mislabelled.cli.code).toBe(1);
    expect(failed(mislabelled)).toEqual(['media/agencias-list/ref']);
    expect(rule(mislabelled, 'media/agencias-list/ref')!.message).toMatch(/expected Content-Type application\/vnd\.service\.ref\+json, got application\/json/);
    expect(mislabelled.result.rules.filter((r) => r.verdict === 'skip' && /agency|not exercised/.test(r.skipReason ?? ''))).toEqual([]);
    expect(mislabelled.result.summary.passed).toBeGreaterThan(200);
  });
});

describe('exit 2 and 3, decided before any check', () => {
  /** `run` in this process; what it prints and the report directory it names (if any) are scanned. */
  async function run(args: string[]): Promise<{ code: number; stderr: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(
      ['run', ...args],
      (l) => out.push(l),
      (l) => err.push(l),
    );
    const dirs = args.includes('--report-dir') ? [args[args.indexOf('--report-dir') + 1]!] : [];
    await expectNoSecrets({ dirs, texts: { stdout: out.join('\n'), stderr: err.join('\n') } }, SECRETS_USED);
    return { code, stderr: err.join('\n') };
  }
  beforeAll(() => {
    for (const [name, value] of Object.entries(SECRETS)) vi.stubEnv(name, value);
  });

  it.each(['http://127.0.0.1:9/?tenant=a', 'http://127.0.0.1:9/#x', 'http://127.0.0.1:9/v?'])(
    'a --base-url with a query or fragment (%s) → exit 2, one line',
    async (url) => {
      const r = await run(['--base-url', url, '--profile', profile]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^vmp-conformance: --base-url must have no query or fragment .*, got '.*'$/);
    },
  );

  it('credentials rejected → exit 3 naming the app, without the secret', async () => {
    const server = await hostile('rejects');
    const r = await run(['--base-url', server.url, '--profile', profile, '--report-dir', path.join(dir, 'r401')]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^vmp-conformance: .* rejects the credentials of app 'primary' \(GET \/v3\/agencias: 401\)$/);
  });

  it.each(['simulate', 'load'])('%s on a target whose agency list answers 404 → exit 1, naming the cause', async (command) => {
    const server = await hostile('notFound');
    const out: string[] = [];
    const err: string[] = [];
    const reportDir = path.join(dir, command);
    const extra = command === 'simulate' ? ['--report-dir', reportDir] : ['--duration', '1', '--report-dir', reportDir];
    const code = await main(
      [command, '--base-url', server.url, '--profile', profile, ...extra],
      (l) => out.push(l),
      (l) => err.push(l),
    );
    await expectNoSecrets({ dirs: [reportDir], texts: { stdout: out.join('\n'), stderr: err.join('\n') } }, SECRETS_USED);
    expect(code).toBe(1);
    expect(err.join('\n')).toMatch(
      new RegExp(
        `^vmp-conformance: ${command} needs an agency of the primary app: no agency of the primary app is known: GET /v3/agencias asking for .* answered 404`,
      ),
    );
  });

  it('a closed port → exit 3, unreachable', async () => {
    const server = await startHostile(FAULTS.notFound);
    await server.close();
    const r = await run(['--base-url', server.url, '--profile', profile, '--report-dir', path.join(dir, 'closed')]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^vmp-conformance: http:\/\/127\.0\.0\.1:\d+ is unreachable: .*ECONNREFUSED/);
  });
});
