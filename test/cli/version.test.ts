import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runMain } from '../support/main-in-process.ts';

// `--version`, `-v` and `version` (issue 29 §2): the package's version first and alone on its line, so a script can
// read it, then the Node.js version and the API version whose spec the rules enforce; `help` is the command list.

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

describe('vmp-conformance version', () => {
  it.each([['--version'], ['-v'], ['version']])('%s prints the package, Node.js and API versions, exit 0', async (flag) => {
    const r = await runMain([flag]);
    expect(r.code).toBe(0);
    expect(r.err).toEqual([]);
    expect(r.out).toEqual([
      `vmp-conformance ${version}`,
      `Node.js ${process.version} (${process.platform} ${process.arch})`,
      'Vehicle Marketplace Partner API v3',
    ]);
  });

  it('--json prints them as one object', async () => {
    const r = await runMain(['--version', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out.join(''))).toEqual({ version, node: process.version, api: 'v3', apiTitle: 'Vehicle Marketplace Partner API' });
  });

  it('refuses what it does not take with exit 2', async () => {
    expect((await runMain(['version', 'x'])).code).toBe(2);
    expect((await runMain(['-v', '--bogus'])).code).toBe(2);
  });

  it('help lists the commands, version among them, with exit 0; no command at all is exit 2', async () => {
    const help = await runMain(['help']);
    expect(help.code).toBe(0);
    expect(help.out.some((l) => /^ {2}version {2}/.test(l))).toBe(true);
    expect(help.out).toContain('vmp-conformance --version (or -v, or version) prints the version.');
    expect((await runMain([])).code).toBe(2);
  });
});
