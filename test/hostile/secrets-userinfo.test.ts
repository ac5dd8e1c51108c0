import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../cli/main.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { BASIC_PASSWORD, BASIC_USER, SECRET_ENV, secretProfileJson, TEST_SECRETS, writeProfile } from './support/secret-target.ts';

// Issue 13, item 3: credentials in --base-url (http://user:password@host) are refused with exit 2 and one line
// that says where they belong, and that line never repeats the password, nor the user, nor the profile's own
// secrets. (They are not sent: every app authenticates with its own profile headers, which are redacted
// everywhere.) `replay` checks --base-url with the same function as these commands.

const URL_WITH_USERINFO = `http://${BASIC_USER}:${encodeURIComponent(BASIC_PASSWORD)}@127.0.0.1:1`;

let dir: string;
let profile: string;
beforeAll(async () => {
  for (const [name, value] of Object.entries(SECRET_ENV)) vi.stubEnv(name, value);
  // Not named after the user: the reports record their own directory, and the scan looks for the user too.
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-url-credentials-'));
  profile = await writeProfile(dir, await secretProfileJson());
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
});

async function cli(args: string[]): Promise<{ code: number; printed: string }> {
  const lines: string[] = [];
  const code = await main(
    args,
    (l) => lines.push(l),
    (l) => lines.push(l),
  );
  return { code, printed: lines.join('\n') };
}

describe('--base-url with user:password@', () => {
  it.each(['run', 'simulate', 'load'])('%s: exit 2, one line naming the flag, no password', async (command) => {
    const r = await cli([command, '--base-url', URL_WITH_USERINFO, '--profile', profile, '--report-dir', path.join(dir, command)]);
    expect(r.code).toBe(2);
    expect(r.printed.split('\n')).toHaveLength(1);
    expect(r.printed).toMatch(/--base-url must not carry credentials \(user:password@\): put them in the profile/);
    await expectNoSecrets({ dirs: [path.join(dir, command)], texts: { printed: r.printed } }, [BASIC_USER, ...TEST_SECRETS]);
  });
});
