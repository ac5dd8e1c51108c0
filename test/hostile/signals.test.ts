import { setTimeout as sleep } from 'node:timers/promises';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli, type CliChild } from './support/cli-child.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { startProxy, type ProxiedRequest } from './support/proxy.ts';
import { credentialsOf } from './support/secret-scan.ts';
import { perTest, referenceProfileJson, startWebhookTarget, USER_CALLBACK } from './support/webhook-target.ts';

// Issue 13, item 4: SIGINT/SIGTERM while `run` has pointed the target's webhook configuration at its capture
// server. A real child process gets a real signal at the moment the change is in effect (a t.proxy holds back the
// target's answer to the PUT that made it); afterwards the reference server's own configuration is inspected.

const TOPIC = 'consultas';
const ONLY = 'events/*,appnotificaciones/*';

/** The run pointing the primary app's inquiry topic somewhere other than the user's callback. */
function isTakeover(req: ProxiedRequest): boolean {
  if (!(req.method === 'PUT' || req.method === 'POST') || req.path !== `/v3/appnotificaciones/${TOPIC}`) return false;
  if (!String(req.headers.authorization ?? '').includes('primary')) return false;
  return !req.body.toString('utf8').includes(USER_CALLBACK);
}

const t = perTest();

async function setUp(hold: (req: ProxiedRequest, phase: { takenOver: boolean }) => 'hang' | undefined, delayTakeoverMs = 0) {
  const json = await referenceProfileJson();
  t.target = await startWebhookTarget(json);
  await t.target.configure('primary', TOPIC, { Url: USER_CALLBACK, Activo: true });
  const phase = { takenOver: false };
  let signalled: () => void = () => undefined;
  const takenOver = new Promise<void>((resolve) => (signalled = resolve));
  t.proxy = await startProxy(t.target.server.url, {
    request(req) {
      const answer = hold(req, phase);
      if (isTakeover(req) && !phase.takenOver) {
        phase.takenOver = true;
        signalled();
      }
      return answer;
    },
    delayMs: (req) => (isTakeover(req) ? delayTakeoverMs : 0),
  });
  const dir = await mkdtemp(path.join(tmpdir(), 'vmp-hostile-signals-'));
  const profile = path.join(dir, 'profile.json');
  await writeFile(profile, JSON.stringify(json));
  const reportDir = path.join(dir, 'report');
  return { dir, reportDir, profile, takenOver };
}

const run = (s: { dir: string; profile: string; reportDir: string }): CliChild =>
  spawnCli(['run', '--seed', '5', '--runs', '2', '--only', ONLY, '--base-url', t.proxy!.url, '--profile', s.profile, '--report-dir', s.reportDir], {
    tmpDir: path.join(s.dir, 'tmp'),
  });
/** Everything the interrupted run wrote or printed holds none of the profile's credentials. */
const scan = async (s: { reportDir: string }, child: CliChild) =>
  expectNoSecrets({ dirs: [s.reportDir], runs: [await child.exited] }, credentialsOf(t.target!.profile));
describe('a signal during run', () => {
  it('SIGINT: the check under way ends, the configuration is restored, partial reports are complete, exit 130', { timeout: 180_000 }, async () => {
    // The PUT that points the topic at the capture server reaches the server, and its answer waits 1.5 s: the
    // signal comes while the target is changed, and the check under way then finishes.
    const s = await setUp(() => undefined, 1_500);
    const child = run(s);
    await s.takenOver;
    expect((await t.target!.config('primary', TOPIC))?.Url).not.toBe(USER_CALLBACK);
    child.child.kill('SIGINT');
    const { code } = await child.exited;
    expect(code, child.stdout() + child.stderr()).toBe(130);
    expect(child.stdout()).toMatch(/run: SIGINT: stopping, then restoring/);
    expect((await t.target!.config('primary', TOPIC))?.Url).toBe(USER_CALLBACK);

    // Item 6: a complete set of reports, marked partial, and no temporary file left.
    const files = await readdir(s.reportDir);
    expect(files.sort()).toEqual(['junit.xml', 'report.html', 'results.json', 'summary.md', 'vitest.json']);
    const results = JSON.parse(await readFile(path.join(s.reportDir, 'results.json'), 'utf8')) as {
      exitCode: number;
      interrupted?: { signal: string; restored: string[] };
      rules: { verdict: string; skipReason?: string }[];
    };
    expect(results.exitCode).toBe(130);
    expect(results.interrupted?.signal).toBe('SIGINT');
    expect(results.interrupted?.restored.join()).toContain(`'${TOPIC}' (was ${USER_CALLBACK})`);
    expect(results.rules.some((r) => r.skipReason === 'not run: the run was interrupted by SIGINT')).toBe(true);
    expect(await readFile(path.join(s.reportDir, 'junit.xml'), 'utf8')).toMatch(/<testsuites name="vmp-conformance \(interrupted by SIGINT: partial\)"/);
    expect(await readFile(path.join(s.reportDir, 'summary.md'), 'utf8')).toMatch(/## vmp-conformance: INTERRUPTED/);
    await scan(s, child);
  });

  it('SIGTERM while a check hangs: its worker is stopped and the run writes the configuration back itself, unconfirmed, exit 143', {
    timeout: 180_000,
  }, async () => {
    // Once the topic is taken over, every GET hangs: the check under way never ends; the restore (a PUT) passes.
    const s = await setUp((req, phase) => (phase.takenOver && req.method === 'GET' ? 'hang' : undefined));
    const child = run(s);
    await s.takenOver;
    await sleep(300);
    child.child.kill('SIGTERM');
    const { code } = await child.exited;
    expect(code, child.stdout() + child.stderr()).toBe(143);
    // Written back, but every read hangs: the restore cannot be confirmed, and the run says so (issue 27, item 3).
    expect(child.stdout()).toContain(
      `run: NOT restored the primary app's webhook topic '${TOPIC}' (was ${USER_CALLBACK}): written back (PUT answered), but not confirmed`,
    );
    expect((await t.target!.config('primary', TOPIC))?.Url).toBe(USER_CALLBACK);
    const results = JSON.parse(await readFile(path.join(s.reportDir, 'results.json'), 'utf8')) as { exitCode: number; unhandledErrors: string[] };
    expect(results.exitCode).toBe(143);
    expect(results.unhandledErrors).toEqual([]);
    await scan(s, child);
  });

  it('a second signal exits at once, naming what could not be restored', { timeout: 180_000 }, async () => {
    // Once the topic is taken over the target answers nothing at all: no restore can succeed.
    const s = await setUp((_req, phase) => (phase.takenOver ? 'hang' : undefined));
    const child = run(s);
    await s.takenOver;
    await sleep(300);
    child.child.kill('SIGINT');
    await child.waitFor(/run: SIGINT: stopping/);
    await sleep(500);
    const second = performance.now();
    child.child.kill('SIGINT');
    const { code, atMs } = await child.exited;
    expect(code).toBe(130);
    expect(atMs - second).toBeLessThan(2_000);
    expect(child.stdout()).toMatch(
      /run: SIGINT again: exiting at once\. NOT restored on the target \(put back by hand\): .*the primary app's webhook topic 'consultas' \(was http:\/\/127\.0\.0\.1:9\/user-hook\)/,
    );
    expect((await t.target!.config('primary', TOPIC))?.Url).not.toBe(USER_CALLBACK);
    await scan(s, child);
  });
});
