import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { journalsIn, journalStage, isRestorePut } from './support/journal-run.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { credentialsOf } from './support/secret-scan.ts';
import { isTakeover, USER_CALLBACK, USER_TOPIC } from './support/webhook-target.ts';

// Issue 27, items 1–4 and 9, with a real child process and the reference server: the durable journal survives
// SIGKILL and `restore` puts the user's configurations back exactly; a normal end whose first restore PUT a
// gateway refuses (429, Retry-After: 1) still restores and confirms; two runs at once on one target leave the
// user's configurations as they were, the second stopping with exit 2 naming the first.

const { t, setUp, snapshotAll, cli, run } = journalStage();

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
    const second = run(s, 'second', { env: { VMP_LOCK_WAIT_SEC: '0' } });
    const two = await second.exited;
    expect(two.code, two.stdout + two.stderr).toBe(2);
    expect(two.stderr).toMatch(/another vmp-conformance run \(run r[a-z0-9]+, pid \d+, since .*\) is changing http:\/\/127\.0\.0\.1:\d+/);
    const one = await first.exited;
    expect(one.code, one.stdout + one.stderr).toBe(0);
    expect(await snapshotAll(s.topics)).toEqual(s.before);
    await expectNoSecrets({ dirs: [s.dir], runs: [one, two] }, credentialsOf(t.target!.profile));
  });
});
