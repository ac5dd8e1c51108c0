import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmbedded, type Embedded } from '../../api/embedded.ts';
import { main } from '../../cli/main.ts';
import { rebase, restoreCredentials } from '../../api/replay.ts';
import { runResultSchema } from '../../reports/results.ts';
import { parseProfile } from '../../sut/profile-load.ts';
import { startBrokenServer, type BrokenServer } from '../support/broken-server.ts';
import { cli, E2E_TIMEOUT, ROOT, SECRET_VALUES, SECRETS, tempDir, writeSecretProfile } from './run-support.ts';

// `vmp-conformance replay <id>`: a failure recorded against the broken server still fails there, and does
// not reproduce against the embedded reference server. The recording comes from a real run (child
// process); the replays run in-process (their re-run of the rule's check opens a vitest session of its own).

let server: BrokenServer;
let embedded: Embedded;
let profile: string;
let results: string;
let failureId: string;
let printed: string;
let reportDir: string;

async function replay(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    ['replay', ...args],
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

beforeAll(async () => {
  for (const [name, value] of Object.entries(SECRETS)) vi.stubEnv(name, value);
  server = await startBrokenServer(SECRET_VALUES);
  const dir = await tempDir('replay');
  profile = await writeSecretProfile(dir);
  reportDir = path.join(dir, 'report');
  const run = await cli(['run', '--base-url', server.url, '--profile', profile, '--only', 'home/etag-304', '--report-dir', reportDir]);
  expect(run.code).toBe(1);
  printed = /\(replay: (npx vmp-conformance replay [^)]+)\)/.exec(run.stdout)![1]!;
  results = path.join(reportDir, 'results.json');
  const recorded = runResultSchema.parse(JSON.parse(await readFile(results, 'utf8')));
  failureId = recorded.rules.find((r) => r.id === 'home/etag-304')!.failureId!;
  embedded = await startEmbedded();
}, E2E_TIMEOUT);

afterAll(async () => {
  await server?.close();
  await embedded?.close();
});

describe('replay', () => {
  it('re-sends the failing request with the credentials re-applied, and the check still fails → exit 1', async () => {
    const before = server.requests.length;
    const r = await replay([failureId, '--from', results, '--profile', profile]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`replaying ${failureId} — home/etag-304 [profile]`);
    expect(r.stdout).toContain('1/1 GET');
    expect(r.stdout).toContain('the re-sent request answers 400, as recorded');
    expect(r.stdout).toContain('judged by re-running the check of home/etag-304');
    expect(r.stdout).toMatch(/^still fails: \[GET\] \/v3: 400 — expected 304/m);
    // The recorded request first, re-sent as it was; then the check's own requests.
    expect(server.requests[before]).toBe('GET /v3');
    for (const secret of SECRET_VALUES) expect(r.stdout).not.toContain(secret);
  });

  it('against another target that conforms: the check passes → exit 0', async () => {
    const reference = path.join(ROOT, 'profiles/reference.json');
    const r = await replay([failureId, '--from', results, '--base-url', embedded.baseUrl, '--profile', reference]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`replaying against ${embedded.baseUrl}`);
    expect(r.stdout).toContain('the re-sent request answers 200 (recorded 400)');
    expect(r.stdout).toMatch(/^now passes: the failure does not reproduce$/m);
  });

  it('an unknown failure id → exit 2, listing the known ones', async () => {
    const r = await replay(['fffffff', '--from', results, '--profile', profile]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`no failure 'fffffff' in ${results}; its failures: ${failureId} (home/etag-304)`);
  });

  /** A command as printed, run as it stands from the run's working directory (`npx vmp-conformance` is our binary). */
  const asPrinted = (command: string) => {
    const words = command.split(' ');
    expect(words.slice(0, 2)).toEqual(['npx', 'vmp-conformance']);
    return cli(words.slice(2));
  };

  it(
    "runs as printed (issue 23 §2): the console line and report.html's replay line, from where the run was started → exit 1",
    async () => {
      expect(printed).toBe(`npx vmp-conformance replay ${failureId} --from ${results}`);
      const html = await readFile(path.join(reportDir, 'report.html'), 'utf8');
      const line = /<code class="replay">([^<]+)<\/code>/.exec(html)![1]!;
      expect(line).toBe(printed);
      const r = await asPrinted(printed);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(1);
      // The credentials came from the profile file the run read: results.json names it, and holds no secret.
      const recorded = runResultSchema.parse(JSON.parse(await readFile(results, 'utf8')));
      expect(recorded.target.profileFile).toBe(profile);
      for (const secret of SECRET_VALUES) expect(JSON.stringify(recorded)).not.toContain(secret);
      expect(r.stdout).toMatch(/^still fails: \[GET\] \/v3: 400 — expected 304/m);
      // One rule's replay loads that rule's suite file alone.
      expect(r.stdout).toContain('loading suites/home.suite only');
    },
    E2E_TIMEOUT,
  );

  it('refuses to guess credentials: a results.json that names no profile file, without --profile → exit 2', async () => {
    const recorded = JSON.parse(await readFile(results, 'utf8')) as { target: Record<string, unknown> };
    delete recorded.target.profileFile;
    const older = path.join(path.dirname(results), 'older-results.json');
    await writeFile(older, JSON.stringify(recorded));
    const r = await replay([failureId, '--from', older]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--profile is needed to re-apply credentials/);
  });
});

describe('replay helpers', () => {
  const p = parseProfile({
    apps: { primary: { headers: { Authorization: 'Bearer p' } }, other: { headers: { Authorization: 'Bearer o', 'X-Key': 'k' } } },
    topics: { inquiry: 'a', registration: 'b', unavailable: 'c' },
    templates: { webhookUpsert: {}, agenciaCreate: {}, agenciaEdit: {} },
    invitationDomain: 'example.test',
  });

  it('fills redacted headers from the profile by name, primary app first', () => {
    expect(restoreCredentials({ authorization: '<redacted>', 'x-key': '<redacted>', Accept: 'application/json' }, p)).toEqual({
      authorization: 'Bearer p',
      'x-key': 'k',
      Accept: 'application/json',
    });
    expect(() => restoreCredentials({ 'X-Other': '<redacted>' }, p)).toThrow(/define no X-Other header/);
  });

  it('moves the recorded URL to the replay target', () => {
    expect(rebase('http://a:1/base/v3/agencias?x=1', 'http://a:1/base')).toBe('/v3/agencias?x=1');
    expect(rebase('http://elsewhere/v3', 'http://a:1')).toBe('/v3');
  });
});
