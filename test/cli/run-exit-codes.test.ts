import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../cli/main.ts';
import { startBrokenServer, type BrokenServer } from '../support/broken-server.ts';
import { cli, SECRET_VALUES, SECRETS, tempDir, writeSecretProfile } from './run-support.ts';

// Exit codes 2 and 3 of `vmp-conformance run`: one clear line on stderr, never a stack trace. Both are
// decided before vitest starts, so main() runs in-process here; one case goes through the real binary.
// (Exit 0 and 1: run-broken.test.ts.)

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    ['run', ...args],
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const oneLine = (stderr: string) => {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at /);
  return lines[0]!;
};

let dir: string;
let profile: string;
beforeAll(async () => {
  for (const [name, value] of Object.entries(SECRETS)) vi.stubEnv(name, value);
  dir = await tempDir('exit');
  profile = await writeSecretProfile(dir);
});

describe('exit 2: bad usage', () => {
  it.each([
    [['--bogus'], /--bogus/],
    [['--runs', 'many'], /--runs must be a whole number/],
    [['--runs', '0'], /--runs must be a whole number from 1/],
    [['--seed', '-3'], /--seed/],
    [['--timeout-ms', '5s'], /--timeout-ms/],
    [['--base-url', 'not a url', '--profile', 'x.json'], /--base-url must be an absolute http\(s\) URL/],
    [['--base-url', 'http://127.0.0.1:1'], /--base-url needs --profile/],
    [['--only', 'nosuch/*'], /--only 'nosuch\/\*' matches no rule id/],
    [['--exclude', 'nosuch/*'], /--exclude 'nosuch\/\*' matches no rule id/],
    [['--only', 'home/*', '--exclude', 'home/*'], /--exclude 'home\/\*' leaves no rule to run/],
    [['--today', '2026-13-01'], /--today must be a date/],
    [['--baseline', '/nonexistent/baseline.json'], /--baseline \/nonexistent\/baseline.json: cannot read it/],
    [['--write-baseline', '/nonexistent/dir/b.json'], /--write-baseline .*does not exist/],
  ])('run %j → exit 2 naming the flag', async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toMatch(message);
  });

  it('an invalid profile field → exit 2 with one line naming the field', async () => {
    const bad = await writeSecretProfile(await tempDir('bad-profile'), { invitationDomain: 'not a domain' });
    const r = await run(['--base-url', 'http://127.0.0.1:1', '--profile', bad]);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toMatch(/profile field invitationDomain: expected a domain/);
  });

  it('a profile whose ${ENV} reference is unset → exit 2 naming the header', async () => {
    const unset = await writeSecretProfile(await tempDir('unset'), {
      apps: { primary: { headers: { Authorization: '${VMP_TEST_NEVER_SET}' } }, other: { headers: { Authorization: '${VMP_TEST_OTHER}' } } },
    });
    const r = await run(['--base-url', 'http://127.0.0.1:1', '--profile', unset]);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toMatch(/profile field apps\.primary\.headers\.Authorization: environment variable VMP_TEST_NEVER_SET is not set/);
  });

  it('the binary exits 2 with one line and no stack trace', { timeout: 60_000 }, async () => {
    const r = await cli(['run', '--seed', '-3']);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toMatch(/--seed/);
  });

  it('start refuses an unknown flag the same way', async () => {
    const err: string[] = [];
    expect(
      await main(
        ['start', '--bogus'],
        () => undefined,
        (l) => err.push(l),
      ),
    ).toBe(2);
    expect(oneLine(err.join('\n'))).toMatch(/--bogus/);
  });

  it('run --help prints the usage and exits 0', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: vmp-conformance run /);
    expect(r.stdout).toContain('Exit codes: 0');
  });

  it('a baseline that is not a baseline → exit 2', async () => {
    const file = path.join(dir, 'not-a-baseline.json');
    await writeFile(file, JSON.stringify({ failing: 'x' }));
    const r = await run(['--baseline', file]);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toMatch(/--baseline .*not-a-baseline.json: /);
  });
});

describe('exit 3: the target cannot be tested', () => {
  let wrongTokens: BrokenServer;
  beforeAll(async () => {
    wrongTokens = await startBrokenServer(['Bearer something-else']);
  });
  afterAll(() => wrongTokens.close());

  it('an unreachable base URL → exit 3', async () => {
    const r = await run(['--base-url', 'http://127.0.0.1:1', '--profile', profile, '--report-dir', path.join(dir, 'r3')]);
    expect(r.code).toBe(3);
    expect(oneLine(r.stderr)).toMatch(/http:\/\/127\.0\.0\.1:1 is unreachable/);
  });

  it('credentials rejected before any check → exit 3, without showing them', async () => {
    const r = await run(['--base-url', wrongTokens.url, '--profile', profile, '--report-dir', path.join(dir, 'r4')]);
    expect(r.code).toBe(3);
    expect(oneLine(r.stderr)).toMatch(/rejects the credentials of app 'primary' \(GET \/v3\/agencias: 401\)/);
    for (const secret of SECRET_VALUES) expect(r.stdout + r.stderr).not.toContain(secret);
  });
});
