import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBaseline } from '../../api/baseline.ts';
import { parseProfile, readProfileJson } from '../../sut/profile-load.ts';
import { runCli } from './support/cli-child.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { startProxy, type RunningProxy } from './support/proxy.ts';
import { credentialsOf } from './support/secret-scan.ts';
import { referenceProfileJson, startWebhookTarget, USER_CALLBACK, type WebhookTarget } from './support/webhook-target.ts';

// Issue 27, item 8: faults of the machine the tool runs on are clean errors. A full disk under the reports: one
// line naming the file and the cause, exit 2, the reports that fit kept, the target's webhook configuration as
// the user had it. A FIFO, a device or a huge file given as the profile or the baseline: exit 2 at once, never
// a blocking read, never the file held whole.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-hostile-local-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Mounts a tmpfs of `size` at `at` where this process may (root, a kernel that lets it); why not otherwise. */
function mountTmpfs(at: string, size: string): string | undefined {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', at], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? (error as Error).message).trim() || 'mount failed';
  }
}

describe('a full disk under --report-dir', () => {
  let target: WebhookTarget;
  let proxy: RunningProxy;
  let full: string;
  let cannotMount: string | undefined;
  beforeAll(async () => {
    full = path.join(dir, 'full');
    await mkdir(full);
    // 64 KiB: room for summary.md and junit.xml, not for results.json or report.html.
    cannotMount = mountTmpfs(full, '64k');
    target = await startWebhookTarget(await referenceProfileJson());
    await target.configure('primary', 'consultas', { Url: USER_CALLBACK, Activo: true });
    proxy = await startProxy(target.server.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await target?.close();
    if (!cannotMount) execFileSync('umount', ['-l', full]);
  });

  it('is exit 2 with one line naming the file and the cause; the reports that fit are kept, the target restored', { timeout: 120_000 }, async (ctx) => {
    if (cannotMount) return ctx.skip(`cannot mount a tmpfs to fill (${cannotMount}): run the test as root on Linux`);
    const before = await target.configBytes('primary', 'consultas');
    const profile = path.join(dir, 'profile.json');
    await writeFile(profile, JSON.stringify(await referenceProfileJson()));
    const reportDir = path.join(full, 'reports');
    // A previous run's set, small: what of it the new set replaces goes, the rest must not stay beside it as if new.
    await mkdir(reportDir);
    for (const name of ['results.json', 'report.html', 'summary.md', 'junit.xml', 'vitest.json'])
      await writeFile(path.join(reportDir, name), `previous ${name}`);
    const run = await runCli(
      ['run', '--seed', '5', '--runs', '2', '--only', 'appnotificaciones/*', '--base-url', proxy.url, '--profile', profile, '--report-dir', reportDir],
      { tmpDir: path.join(dir, 'tmp') },
    );
    expect(run.code, run.stdout + run.stderr).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines, run.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^vmp-conformance: cannot write ${reportDir}/[a-z.]+: ENOSPC \\(no space left on device\\); written: summary\\.md, junit\\.xml$`),
    );
    expect(run.stdout + run.stderr).not.toMatch(/\n\s+at .*:\d+:\d+/);
    // Exactly the files the line names as written, each complete and new; no stale one, no temporary file left.
    expect((await readdir(reportDir)).sort()).toEqual(['junit.xml', 'summary.md']);
    expect(await readFile(path.join(reportDir, 'junit.xml'), 'utf8')).toMatch(/<\/testsuites>\s*$/);
    expect(await readFile(path.join(reportDir, 'summary.md'), 'utf8')).toMatch(/appnotificaciones/);
    // The run changed the topic and put it back before it wrote a report.
    const changed = proxy.requests.filter((r) => r.method !== 'GET' && r.path === '/v3/appnotificaciones/consultas' && !r.body.includes(USER_CALLBACK));
    expect(changed.length).toBeGreaterThan(0);
    expect(await target.configBytes('primary', 'consultas')).toBe(before);
    await expectNoSecrets({ dirs: [reportDir], runs: [run] }, credentialsOf(target.profile));
  });
});

describe('a profile or baseline that is no regular file, or too large', () => {
  let fifo: string;
  let huge: string;
  beforeAll(async () => {
    fifo = path.join(dir, 'profile.fifo');
    execFileSync('mkfifo', [fifo]);
    // 300 MB, sparse: nothing of it is on disk, but reading it whole would take 300 MB and more as text.
    huge = path.join(dir, 'huge.json');
    await writeFile(huge, '');
    await truncate(huge, 300 * 1024 * 1024);
  });

  it('is refused before it is read, as a profile and as a baseline: a FIFO at once (no writer needed), a 300 MB file unread', async () => {
    for (const [file, reason] of [
      [fifo, /it is a FIFO, not a regular file/],
      ['/dev/zero', /it is a device, not a regular file/],
      [dir, /it is a directory, not a regular file/],
      [huge, /it is 300 MiB, over the 16 MiB a file may be/],
    ] as const) {
      const started = performance.now();
      await expect(readProfileJson(file)).rejects.toThrow(reason);
      await expect(readBaseline(file)).rejects.toThrow(reason);
      expect(performance.now() - started, file).toBeLessThan(1_000);
    }
  });

  it('is exit 2 with one line from the CLI, as --profile and as --baseline, with bounded memory', { timeout: 120_000 }, async () => {
    const runs = await Promise.all([
      runCli(['run', '--profile', fifo, '--base-url', 'http://127.0.0.1:9', '--report-dir', path.join(dir, 'r1')], { killAfterMs: 30_000 }),
      runCli(['run', '--baseline', huge, '--report-dir', path.join(dir, 'r2')], { killAfterMs: 30_000 }),
    ]);
    const expected = [
      `--profile ${fifo}: profile field (file): cannot read ${fifo}: it is a FIFO, not a regular file`,
      `--baseline ${huge}: cannot read it (it is 300 MiB, over the 16 MiB a file may be)`,
    ];
    runs.forEach((run, i) => {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toBe(`vmp-conformance: ${expected[i]}\n`);
      // The CLI's own footprint (about 120 MiB through tsx), not the file's 300 MB.
      expect(run.peakRssMb).toBeLessThan(250);
    });
    await expectNoSecrets({ runs }, credentialsOf(parseProfile(await referenceProfileJson(), {})));
  });
});
