import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './support/cli-child.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { startProxy, type ProxiedRequest, type ProxyHooks } from './support/proxy.ts';
import { credentialsOf } from './support/secret-scan.ts';
import { perTest, referenceProfileJson, isTakeover, startWebhookTarget, USER_CALLBACK, USER_TOPIC } from './support/webhook-target.ts';

// Issue 27, items 1–4 and 9, with a real child process and the reference server: the durable journal survives
// SIGKILL and `restore` puts the user's configurations back exactly; a normal end whose first restore PUT a
// gateway refuses (429, Retry-After: 1) still restores and confirms; two runs at once on one target leave the
// user's configurations as they were, the second stopping with exit 2 naming the first.

const ONLY = 'events/*,appnotificaciones/*';
const APPS = ['primary', 'other'] as const;
const t = perTest();

const isRestorePut = (req: ProxiedRequest): boolean => req.method === 'PUT' && req.body.toString('utf8').includes(USER_CALLBACK);

async function setUp(hooks: (phase: { takenOver: boolean }) => ProxyHooks = () => ({})) {
  const json = await referenceProfileJson();
  t.target = await startWebhookTarget(json);
  await t.target.configure('primary', USER_TOPIC, { Url: USER_CALLBACK, Activo: true });
  const phase = { takenOver: false };
  let signalled: () => void = () => undefined;
  const takenOver = new Promise<void>((resolve) => (signalled = resolve));
  const own = hooks(phase);
  t.proxy = await startProxy(t.target.server.url, {
    ...own,
    request(req) {
      if (isTakeover(req) && !phase.takenOver) {
        phase.takenOver = true;
        signalled();
      }
      return own.request?.(req);
    },
  });
  const dir = await mkdtemp(path.join(tmpdir(), 'vmp-hostile-journal-'));
  // Beside the run's directory, not in it: every file under it is scanned for secrets.
  const profile = `${dir}-profile.json`;
  await writeFile(profile, JSON.stringify(json));
  const topics = Object.values(t.target.profile.topics);
  const before = await snapshotAll(topics);
  return { dir, profile, takenOver, topics, before, stateDir: path.join(dir, 'state') };
}

/** Every topic the run may touch, for both apps, as the server answers it. */
async function snapshotAll(topics: readonly string[]): Promise<Record<string, string | undefined>> {
  const all: Record<string, string | undefined> = {};
  for (const app of APPS) for (const topic of topics) all[`${app} ${topic}`] = await t.target!.configBytes(app, topic);
  return all;
}

const cli = (s: { dir: string; stateDir: string }, args: string[], env: Record<string, string> = {}, name = 'tmp') =>
  spawnCli(args, { tmpDir: path.join(s.dir, name), env: { VMP_STATE_DIR: s.stateDir, ...env } });
const run = (s: { dir: string; profile: string; stateDir: string }, report: string, env?: Record<string, string>) =>
  cli(
    s,
    ['run', '--seed', '5', '--runs', '2', '--only', ONLY, '--base-url', t.proxy!.url, '--profile', s.profile, '--report-dir', path.join(s.dir, report)],
    env,
    report,
  );

async function journalsIn(dir: string): Promise<string[]> {
  return existsSync(dir) ? (await readdir(dir)).filter((f) => f.endsWith('.json')) : [];
}

describe('the durable webhook journal', () => {
  it('SIGKILL mid-run leaves a journal (no secret in it) that `restore` puts back exactly, confirmed', { timeout: 180_000 }, async () => {
    // Once the run has changed the topic, the target answers it nothing more: it cannot put the topic back before
    // the kill, however fast the machine (a quick run restored within 200 ms); the restore after it is answered.
    let killedYet = false;
    const s = await setUp((phase) => ({ request: (req) => (phase.takenOver && !killedYet && !isTakeover(req) ? 'hang' : undefined) }));
    const child = run(s, 'report');
    await s.takenOver;
    await sleep(200);
    child.child.kill('SIGKILL');
    const killed = await child.exited;
    expect(killed.signal).toBe('SIGKILL');
    killedYet = true;
    expect((await t.target!.config('primary', USER_TOPIC))?.Url).not.toBe(USER_CALLBACK);
    const journals = path.join(s.stateDir, 'journals');
    expect(await journalsIn(journals)).toHaveLength(1);
    const copy = path.join(s.dir, 'report', 'webhook-journal.json');
    const doc = JSON.parse(await readFile(copy, 'utf8')) as { saved: { topic: string; callbackUrl?: string }[] };
    expect(doc.saved.find((e) => e.topic === USER_TOPIC)?.callbackUrl).toBe(USER_CALLBACK);
    expect(child.stdout()).toContain(`run: saved the primary app's webhook topic '${USER_TOPIC}' (was ${USER_CALLBACK}) before changing it (journal: `);

    const restore = cli(s, ['restore', '--base-url', t.proxy!.url, '--profile', s.profile], {}, 'restore');
    const done = await restore.exited;
    expect(done.code, done.stdout + done.stderr).toBe(0);
    expect(done.stdout).toMatch(
      /restore: restored the primary app's webhook topic 'consultas' \(was http:\/\/127\.0\.0\.1:9\/user-hook\) \(confirmed by a read\)/,
    );
    expect(await snapshotAll(s.topics)).toEqual(s.before);
    expect(await journalsIn(journals)).toEqual([]);
    expect(existsSync(copy)).toBe(false);

    const again = await cli(s, ['restore', '--base-url', t.proxy!.url, '--profile', s.profile], {}, 'again').exited;
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('nothing to restore');
    await expectNoSecrets({ dirs: [s.dir], runs: [killed, done, again] }, credentialsOf(t.target!.profile));
  });

  it('a normal end whose first restore PUT is refused (429, Retry-After: 1) restores and confirms, exit 0', { timeout: 180_000 }, async () => {
    let refused = 0;
    const s = await setUp(() => ({
      request(req) {
        if (!isRestorePut(req) || refused > 0) return undefined;
        refused++;
        return { status: 429, headers: { 'retry-after': '1', 'content-type': 'text/plain' }, body: Buffer.from('slow down') };
      },
    }));
    const child = run(s, 'report');
    const { code, stdout, stderr } = await child.exited;
    expect(refused).toBe(1);
    expect(code, stdout + stderr).toBe(0);
    expect(stdout).not.toContain('NOT restored');
    expect(await snapshotAll(s.topics)).toEqual(s.before);
    expect(await journalsIn(path.join(s.stateDir, 'journals'))).toEqual([]);
    await expectNoSecrets({ dirs: [s.dir], runs: [await child.exited] }, credentialsOf(t.target!.profile));
  });

  it('two runs at once on one target: the second stops with exit 2 naming the first; the configurations are as before', { timeout: 180_000 }, async () => {
    const s = await setUp();
    const first = run(s, 'first');
    await s.takenOver;
    const second = run(s, 'second', { VMP_LOCK_WAIT_SEC: '0' });
    const two = await second.exited;
    expect(two.code, two.stdout + two.stderr).toBe(2);
    expect(two.stderr).toMatch(/another vmp-conformance run \(run r[a-z0-9]+, pid \d+, since .*\) is changing http:\/\/127\.0\.0\.1:\d+/);
    const one = await first.exited;
    expect(one.code, one.stdout + one.stderr).toBe(0);
    expect(await snapshotAll(s.topics)).toEqual(s.before);
    await expectNoSecrets({ dirs: [s.dir], runs: [one, two] }, credentialsOf(t.target!.profile));
  });
});
