import { constants } from 'node:os';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './support/cli-child.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { startTakeoverProxy } from './support/proxy.ts';
import { credentialsOf } from './support/secret-scan.ts';
import { perTest, referenceProfileJson, isTakeover, startWebhookTarget, USER_CALLBACK, USER_TOPIC } from './support/webhook-target.ts';

// Issue 22, defect 1: `run`, `simulate` and `init` handled SIGINT and SIGTERM only. A SIGHUP (a closed terminal,
// a dropped SSH session, some CI agents) ended them at once with 129: the user's topic left pointing at the run's
// callback, no reports, a 0-byte temporary file behind. Now every terminating signal that can be caught
// (SIGINT, SIGTERM, SIGHUP, and SIGBREAK where it exists) stops the command, restores what it changed, writes
// its partial reports and exits 128 + the signal's number. Each command gets each signal while the user's own
// configuration of the topic is taken over (a proxy holds back the target's answer to the change), and the
// configuration the target holds afterwards is compared byte for byte with the one it held before (but for the
// times the server stamps on a change, which no request can set: webhook-target.ts).

const SIGNALS = (['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const).filter((s) => constants.signals[s] !== undefined);

interface Command {
  /** What the user configured beforehand: init's inferred template could not put back an extra member (init-signals). */
  config: Record<string, unknown>;
  args(s: { url: string; profile: string; dir: string }): string[];
  /** What the interrupted command leaves in its directory (its partial reports; init: nothing). */
  expectWritten(dir: string, exitCode: number): Promise<void>;
}

const REPORTS = ['junit.xml', 'report.html', 'results.json', 'summary.md', 'vitest.json'];

const COMMANDS: Record<'run' | 'simulate' | 'init', Command> = {
  run: {
    config: { Url: USER_CALLBACK, Activo: true },
    args: ({ url, profile, dir }) => ['run', '--seed', '5', '--runs', '2', '--only', 'events/*', '--base-url', url, '--profile', profile, '--report-dir', dir],
    async expectWritten(dir, exitCode) {
      expect((await readdir(dir)).sort()).toEqual(REPORTS);
      const results = JSON.parse(await readFile(path.join(dir, 'results.json'), 'utf8')) as { exitCode: number; interrupted?: { signal: string } };
      expect(results.exitCode).toBe(exitCode);
    },
  },
  simulate: {
    config: { Url: USER_CALLBACK, Activo: true },
    args: ({ url, profile, dir }) => [
      'simulate',
      '--inquiries',
      '40',
      '--rate',
      '20',
      '--seed',
      '5',
      '--base-url',
      url,
      '--profile',
      profile,
      '--report-dir',
      dir,
    ],
    async expectWritten(dir, exitCode) {
      expect((await readdir(dir)).sort()).toEqual(['deliveries.jsonl', 'simulation.html', 'simulation.json']);
      const result = JSON.parse(await readFile(path.join(dir, 'simulation.json'), 'utf8')) as { exitCode: number; interrupted: boolean };
      expect(result).toMatchObject({ exitCode, interrupted: true });
    },
  },
  init: {
    config: { Url: USER_CALLBACK },
    args: ({ url, dir }) => [
      'init',
      '--base-url',
      url,
      '--header',
      'Authorization: Bearer vmp-primary-7f3a2c',
      '--other-header',
      'Authorization: Bearer vmp-other-91c2d8',
      '--out',
      path.join(dir, 'profile.json'),
    ],
    async expectWritten(dir) {
      // Nothing was inferred to the end: no profile, and no temporary name either.
      expect(await readdir(dir)).toEqual([]);
    },
  },
};

const t = perTest();

describe.each(Object.keys(COMMANDS) as (keyof typeof COMMANDS)[])('%s, signalled while the user’s topic is taken over', (name) => {
  const command = COMMANDS[name];
  it.each(SIGNALS)('%s: restored byte for byte, partial reports, exit 128 + n, no temporary file', { timeout: 150_000 }, async (signal) => {
    const json = await referenceProfileJson();
    t.target = await startWebhookTarget(json);
    await t.target.configure('primary', USER_TOPIC, command.config);
    const before = await t.target.configBytes('primary', USER_TOPIC);
    const { proxy, takenOver } = await startTakeoverProxy(t.target.server.url, (req) => isTakeover(req, 'primary'));
    t.proxy = proxy;
    const dir = await mkdtemp(path.join(tmpdir(), `vmp-hostile-${name}-${signal}-`));
    const profile = path.join(dir, 'profile.json');
    await writeFile(profile, JSON.stringify(json));
    const out = path.join(dir, 'out');
    await mkdir(out);
    const child = spawnCli(command.args({ url: t.proxy.url, profile, dir: out }), { tmpDir: path.join(dir, 'tmp') });
    await takenOver;
    expect(await t.target.configBytes('primary', USER_TOPIC)).not.toBe(before);
    child.child.kill(signal);
    const run = await child.exited;
    const exitCode = 128 + constants.signals[signal]!;
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(exitCode);
    expect(run.stdout).toContain(`${name}: ${signal}: stopping, then restoring`);
    expect(await t.target.configBytes('primary', USER_TOPIC)).toBe(before);
    await command.expectWritten(out, exitCode);
    await expectNoSecrets({ dirs: [out], runs: [run] }, credentialsOf(t.target.profile));
  });
});
