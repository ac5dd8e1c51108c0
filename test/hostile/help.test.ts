import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from './support/cli-child.ts';
import { runMain } from '../support/main-in-process.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { SECRET_ENV, TEST_SECRETS } from './support/secret-target.ts';

// Issue 13, item 14: `replay --help`, `serve --help` and `capture --help` were exit 2 ("Unknown option"). Every
// command prints its usage and exits 0 on --help or -h, also beside other flags, valid or not (the user asked how
// to use it); `help <command>` does the same. And a negative number for a flag explains what the flag takes.
// Help reads no profile and sends nothing; with the test secrets in the environment, it still must not show them.

const COMMANDS = ['init', 'run', 'start', 'serve', 'rules', 'openapi', 'replay', 'capture', 'simulate', 'load'] as const;

let dir: string;
beforeAll(async () => {
  for (const [name, value] of Object.entries(SECRET_ENV)) vi.stubEnv(name, value);
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-help-'));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
});

describe('every command explains itself', () => {
  it.each(COMMANDS.flatMap((c) => [[c, '--help'] as const, [c, '-h'] as const]))('%s %s: usage on stdout, exit 0', async (command, flag) => {
    const r = await runMain([command, flag]);
    await expectNoSecrets({ texts: { stdout: r.out.join('\n') } }, TEST_SECRETS);
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.out[0]).toMatch(new RegExp(`^Usage: vmp-conformance ${command}\\b`));
    expect(r.out.length).toBeGreaterThan(1);
  });

  it.each(COMMANDS)('help %s is %s --help', async (command) => {
    expect((await runMain(['help', command])).out).toEqual((await runMain([command, '--help'])).out);
  });

  it('--help wins over other flags, even bad ones, and over a missing argument', async () => {
    for (const argv of [
      ['replay', '--help'],
      ['replay', '--bogus', '-h'],
      ['load', '--duration', '-5', '--help'],
      ['capture', '--port', 'x', '--help'],
    ]) {
      const r = await runMain(argv);
      expect(r.code, argv.join(' ')).toBe(0);
      expect(r.out[0], argv.join(' ')).toMatch(/^Usage: /);
    }
  });

  it("the top-level help says how to get a command's help", async () => {
    const r = await runMain(['--help']);
    expect(r.out).toContain('vmp-conformance <command> --help shows its options.');
  });

  it('replay --help through the binary: exit 0, usage, nothing on stderr', async () => {
    const r = await runCli(['replay', '--help'], { env: SECRET_ENV, tmpDir: path.join(dir, 'tmp'), killAfterMs: 30_000 });
    await expectNoSecrets({ runs: [r] }, TEST_SECRETS);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Usage: vmp-conformance replay <failure-id>/);
  });
});

describe('a negative number explains what the flag takes', () => {
  it('load --duration -5: the flag, its range and the value, in one line', async () => {
    const r = await runMain(['load', '--duration', '-5']);
    expect(r.code).toBe(2);
    expect(r.err).toEqual(["vmp-conformance: --duration must be a whole number from 1 to 3600, got '-5'"]);
  });

  it('a flag given another flag as its value still gets the whole parser message, on one line', async () => {
    const r = await runMain(['load', '--duration', '--seed', '1']);
    expect(r.code).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(
      /^vmp-conformance: Option '--duration' argument is ambiguous\. Did you forget to specify the option argument for '--duration'\? To specify an option argument starting with a dash use '--duration=-XYZ'\.$/,
    );
  });
});
