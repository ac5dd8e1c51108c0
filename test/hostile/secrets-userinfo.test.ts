import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';

// Issue 13, item 3: credentials in --base-url (http://user:password@host) are refused with exit 2 and one line
// that says where they belong, and that line never repeats the password. (They are not sent: every app
// authenticates with its own profile headers, which are redacted everywhere.) `replay` checks --base-url with the
// same function as these commands.

const PASSWORD = `pa55'w"rd$ñ`;
const URL_WITH_USERINFO = `http://vmp-user:${encodeURIComponent(PASSWORD)}@127.0.0.1:1`;

async function cli(args: string[]): Promise<{ code: number; printed: string }> {
  const lines: string[] = [];
  const code = await main(args, (l) => lines.push(l), (l) => lines.push(l));
  return { code, printed: lines.join('\n') };
}

describe('--base-url with user:password@', () => {
  it.each([
    ['run', ['--profile', 'profiles/reference.json']],
    ['simulate', ['--profile', 'profiles/reference.json']],
    ['load', ['--profile', 'profiles/reference.json']],
  ])('%s: exit 2, one line naming the flag, no password', async (command, rest) => {
    const r = await cli([command, '--base-url', URL_WITH_USERINFO, ...rest]);
    expect(r.code).toBe(2);
    expect(r.printed.split('\n')).toHaveLength(1);
    expect(r.printed).toMatch(/--base-url must not carry credentials \(user:password@\): put them in the profile/);
    for (const form of [PASSWORD, encodeURIComponent(PASSWORD), 'vmp-user']) expect(r.printed).not.toContain(form);
  });
});
