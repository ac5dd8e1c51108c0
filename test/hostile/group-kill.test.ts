import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { CliChild, ChildRun } from './support/cli-child.ts';
import { journalsIn, journalStage, isRestorePut, type Stage } from './support/journal-run.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import type { ProxiedRequest } from './support/proxy.ts';
import { credentialsOf } from './support/secret-scan.ts';
import { isTakeover, USER_CALLBACK, USER_TOPIC } from './support/webhook-target.ts';

// Issue 27, item 3: a CI runner's timeout or an OOM kill ends a job with SIGKILL sent to its whole process group
// (the CLI and whatever it started), not only to the CLI: no process of the run is left to put anything back.
// What the durable journal promises then (docs/safety.md, "The webhook journal"): `vmp-conformance restore` puts
// the user's configurations back, read back equal; and the next run on the target finds the journal and puts it
// back first, or, when the target refuses, stops with exit 2 naming `restore` and changes nothing.

const { t, setUp, snapshotAll, run, restore } = journalStage();

interface Killed {
  s: Stage;
  killed: ChildRun;
  /** Every request the proxy got once the run's group was dead. */
  afterKill(): ProxiedRequest[];
  journals: string;
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

/**
 * A run in a process group of its own, killed as a group once it has changed the user's topic. Until the kill the
 * target answers it nothing more, so it cannot put the topic back first however fast it is; `refuse` then answers
 * each write with 403 (a gateway that will not let a restore through).
 */
async function groupKilledRun(refuse: (req: ProxiedRequest) => boolean = () => false): Promise<Killed> {
  let killedAt: number | undefined;
  const s = await setUp((phase) => ({
    request(req) {
      if (killedAt === undefined) return phase.takenOver && !isTakeover(req) ? 'hang' : undefined;
      if (!refuse(req)) return undefined;
      return { status: 403, headers: { 'content-type': 'text/plain' }, body: Buffer.from('forbidden by policy') };
    },
  }));
  const child: CliChild = run(s, 'killed', { detached: true });
  await s.takenOver;
  await sleep(200);
  const pid = child.child.pid!;
  process.kill(-pid, 'SIGKILL');
  const killed = await child.exited;
  expect(killed.signal).toBe('SIGKILL');
  // The whole group is gone (the CLI, and any command it started): nothing of the run is left to restore, or to
  // write, after the kill. A killed member counts until it is reaped, which may come a moment after the CLI's close.
  await expect.poll(() => groupAlive(pid), { timeout: 5_000, interval: 50 }).toBe(false);
  const from = t.proxy!.requests.length;
  killedAt = from;
  expect((await t.target!.config('primary', USER_TOPIC))?.Url).not.toBe(USER_CALLBACK);
  const journals = path.join(s.stateDir, 'journals');
  expect(await journalsIn(journals)).toHaveLength(1);
  expect(killed.stdout).toContain(`run: saved the primary app's webhook topic '${USER_TOPIC}' (was ${USER_CALLBACK}) before changing it (journal: `);
  return { s, killed, journals, afterKill: () => t.proxy!.requests.slice(from) };
}

const RESTORED = `restored the primary app's webhook topic '${USER_TOPIC}' (was ${USER_CALLBACK}) (confirmed by a read)`;

describe('SIGKILL of the run’s whole process group', () => {
  it('then the next run: it finds the journal, puts it back first, never saves the killed run’s value as the user’s', { timeout: 150_000 }, async () => {
    const k = await groupKilledRun();
    const next = await run(k.s, 'next').exited;
    expect(next.code, next.stdout + next.stderr).toBe(0);
    const lines = next.stdout.split('\n');
    const found = lines.findIndex((l) => /^run: an earlier run \(run r[a-z0-9]+\) did not confirm its restore; putting back what its journal keeps /.test(l));
    expect(found, next.stdout).toBeGreaterThanOrEqual(0);
    expect(lines).toContain(`run: ${RESTORED}`);
    // Put back before this run saved anything: what it saved is the user's value, not the killed run's callback.
    const saved = lines.filter((l) => l.includes(' before changing it (journal: '));
    expect(saved.length).toBeGreaterThan(0);
    expect(lines.indexOf(saved[0]!)).toBeGreaterThan(found);
    expect(saved.filter((l) => l.includes('/vmp-run-'))).toEqual([]);
    expect(saved).toContain(lines.find((l) => l.startsWith(`run: saved the primary app's webhook topic '${USER_TOPIC}' (was ${USER_CALLBACK})`)));
    expect(await snapshotAll(k.s.topics)).toEqual(k.s.before);
    expect(await journalsIn(k.journals)).toEqual([]);
    await expectNoSecrets({ dirs: [k.s.dir], runs: [k.killed, next] }, credentialsOf(t.target!.profile));
  });

  it('then the next run while the target refuses the restore: exit 2 naming `restore`, nothing changed; then `restore`: read back equal, the journal gone', {
    timeout: 150_000,
  }, async () => {
    let refusing = true;
    const k = await groupKilledRun((req) => refusing && req.method !== 'GET');
    const left = await snapshotAll(k.s.topics);
    const next = await run(k.s, 'next').exited;
    expect(next.code, next.stdout + next.stderr).toBe(2);
    const said = next.stdout + next.stderr;
    expect(said).toContain(`could not be put back now`);
    expect(said).toContain(`saved value: `);
    expect(said).toContain(`run \`vmp-conformance restore --base-url ${t.proxy!.url} --profile ${k.s.profile}\``);
    // It stopped before its own first change: its only writes were the refused restores (one of them the user's
    // value put back), none pointing a topic at a callback of its own; the target is as the kill left it.
    const writes = k.afterKill().filter((r) => r.method !== 'GET');
    expect(writes.some(isRestorePut)).toBe(true);
    expect(writes.filter((r) => !r.path.startsWith('/v3/appnotificaciones/') || r.body.toString('utf8').includes('/vmp-run-'))).toEqual([]);
    expect(await snapshotAll(k.s.topics)).toEqual(left);
    expect(await journalsIn(k.journals)).toHaveLength(1);
    expect(JSON.parse(await readFile(path.join(k.journals, (await journalsIn(k.journals))[0]!), 'utf8'))).toMatchObject({ command: 'run' });

    refusing = false;
    const done = await restore(k.s, 'restore').exited;
    expect(done.code, done.stdout + done.stderr).toBe(0);
    expect(done.stdout).toContain(`restore: ${RESTORED}`);
    expect(await snapshotAll(k.s.topics)).toEqual(k.s.before);
    expect(await journalsIn(k.journals)).toEqual([]);
    await expectNoSecrets({ dirs: [k.s.dir], runs: [k.killed, next, done] }, credentialsOf(t.target!.profile));
  });
});
