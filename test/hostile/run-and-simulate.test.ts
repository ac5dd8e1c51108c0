import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChildRun } from './support/cli-child.ts';
import { journalsIn, journalStage } from './support/journal-run.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import type { ProxiedRequest } from './support/proxy.ts';
import { credentialsOf } from './support/secret-scan.ts';
import { isTakeover, USER_CALLBACK, USER_TOPIC } from './support/webhook-target.ts';

// Issue 27, item 2: `run` and `simulate` at once on one target (two CI jobs). The second waits for the lease or
// stops with exit 2 naming the other run; it never saves the other run's temporary callback as the user's (which
// `simulate` then wrote back at its end, leaving the user's topic at a dead capture server); the user's topics are
// as before once both have ended. Whichever came first holds the user's topic taken over while the second starts
// (the proxy holds the first's later requests back until then), so the second always meets the first mid-change.

const { t, setUp, snapshotAll, run, simulate } = journalStage();

/** Generous: a held request of the first command waits for the second's start-up, on a loaded machine. */
const PATIENT = ['--timeout-ms', '60000'];

/** A stage whose proxy holds back every request once the target holds the first command's callback, until `release`. */
async function heldStage() {
  let holding = false;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let heldFrom: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (heldFrom = resolve));
  const s = await setUp(() => ({
    response(req: ProxiedRequest, res) {
      // Held once the change is made (a refused change of a negative check is no takeover).
      if (isTakeover(req) && res.status < 300) {
        holding = true;
        heldFrom();
      }
      return res;
    },
    holdUntil: () => (holding ? released : undefined),
  }));
  return { s, held, release };
}

/** A callback of a vmp-conformance run of `kind` (r: run, s: simulate) in a line. */
const runCallback = (kind: 'r' | 's') => new RegExp(`/vmp-run-${kind}[a-z0-9]+`);
const savedLines = (r: ChildRun) => r.stdout.split('\n').filter((l) => l.includes(' before changing it (journal: '));

describe('run and simulate at once on one target', () => {
  it('run first: a simulate on this machine stops on the lock, one from another machine on the run’s callback; exit 2 naming the run, nothing saved, the topics as before', {
    timeout: 150_000,
  }, async () => {
    const { s, held, release } = await heldStage();
    const first = run(s, 'run', { args: PATIENT });
    await held;
    const here = await simulate(s, 'here', { env: { VMP_LOCK_WAIT_SEC: '0' } }).exited;
    // Another machine: a state directory of its own (no lock, no journal of this one's), the target reached straight.
    const elsewhere = path.join(s.dir, 'elsewhere');
    const there = await simulate(s, 'there', { env: { VMP_STATE_DIR: elsewhere }, baseUrl: t.target!.server.url }).exited;
    release();
    const stopped = [
      { r: here, says: /another vmp-conformance run \(run r[a-z0-9]+, pid \d+, since .*\) is changing http:\/\/127\.0\.0\.1:\d+/ },
      { r: there, says: /points at \S+\/vmp-run-r[a-z0-9]+\/?\S*, a callback of another vmp-conformance run \(r[a-z0-9]+\)/ },
    ];
    for (const { r, says } of stopped) {
      expect(r.code, r.stdout + r.stderr).toBe(2);
      expect(r.stderr).toMatch(says);
      expect(savedLines(r)).toEqual([]);
    }
    const one = await first.exited;
    expect(one.code, one.stdout + one.stderr).toBe(0);
    expect(await snapshotAll(s.topics)).toEqual(s.before);
    for (const state of [s.stateDir, elsewhere]) expect(await journalsIn(path.join(state, 'journals'))).toEqual([]);
    await expectNoSecrets({ dirs: [s.dir], runs: [one, here, there] }, credentialsOf(t.target!.profile));
  });

  it('simulate first, then run: run waits for the lease, then saves the user’s value, not the simulation’s; both pass, the topics as before', {
    timeout: 150_000,
  }, async () => {
    const { s, held, release } = await heldStage();
    const first = simulate(s, 'simulate', { args: PATIENT });
    await held;
    const second = run(s, 'run', { env: { VMP_LOCK_WAIT_SEC: '120' } });
    await second.waitFor(/^run: waiting up to 120 s for another run on http:\/\/127\.0\.0\.1:\d+ \(simulate, run s[a-z0-9]+, pid \d+\) to end$/m);
    release();
    const one = await first.exited;
    expect(one.code, one.stdout + one.stderr).toBe(0);
    const two = await second.exited;
    expect(two.code, two.stdout + two.stderr).toBe(0);
    // Each saved the user's value: none saved the other's callback (nor its own, which it had not set yet).
    for (const r of [one, two]) {
      expect(savedLines(r).filter((l) => runCallback('r').test(l) || runCallback('s').test(l))).toEqual([]);
      expect(savedLines(r).some((l) => l.includes(`webhook topic '${USER_TOPIC}' (was ${USER_CALLBACK})`))).toBe(true);
    }
    expect(await snapshotAll(s.topics)).toEqual(s.before);
    expect(await journalsIn(path.join(s.stateDir, 'journals'))).toEqual([]);
    await expectNoSecrets({ dirs: [s.dir], runs: [one, two] }, credentialsOf(t.target!.profile));
  });
});
