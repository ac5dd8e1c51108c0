import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DurableJournal, journalPlace, readJournal } from '../../sut/durable-journal.ts';
import { unredacted } from '../../sut/journal-restore.ts';
import { parseProfile } from '../../sut/profile-load.ts';
import { runOf, runSegment } from '../../sut/run-mark.ts';
import { secretsOf } from '../../sut/secrets.ts';
import { lockFileOf, lockTarget, TargetBusyError } from '../../sut/target-lock.ts';
import type { WebhookSnapshot } from '../../sut/webhook-config.ts';
import { expectNoSecrets } from '../hostile/support/no-secrets.ts';
import { referenceProfileJson } from '../hostile/support/webhook-target.ts';

// Issue 27, items 1–2, below the CLI: the journal on disk (no secret in it, the first snapshot of a topic wins, the
// file gone with its last entry), the lock (one holder, a dead holder's lock taken over), Retry-After, run marks.

const BASE = 'http://127.0.0.1:9/api';
const SECRET = 'whsec-very-secret-value-1234';
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-journal-unit-'));
  process.env.VMP_STATE_DIR = path.join(dir, 'state');
});
const given = process.env.VMP_STATE_DIR;
afterEach(() => {
  if (given === undefined) delete process.env.VMP_STATE_DIR;
  else process.env.VMP_STATE_DIR = given;
});

async function profile() {
  const json = await referenceProfileJson();
  const templates = (json.templates ?? {}) as Record<string, unknown>;
  return parseProfile({ ...json, templates: { ...templates, webhookUpsert: { Url: '{{url}}', Secreto: SECRET } } }, {});
}

const saved = (url: string): WebhookSnapshot & { configured: true } => ({
  app: 'primary',
  topic: 'consultas',
  configured: true,
  body: { Url: url, Secreto: SECRET },
  callbackUrl: url,
});

describe('the durable journal', () => {
  it('writes both copies before returning, keeps no secret, keeps the first snapshot, and goes with its last entry', async () => {
    const p = await profile();
    const secrets = [...secretsOf(p), SECRET];
    const place = journalPlace({ baseUrl: BASE, profile: p, reportDir: path.join(dir, 'report'), runId: 'r1', command: 'run', secrets });
    const journal = new DurableJournal(place);
    expect(journal.save(saved('https://user.example/hook'), 'r1', p)).toEqual(saved('https://user.example/hook'));
    // A later save of the topic would see the run's own change: the first one stays.
    expect(journal.save(saved(`https://cb.example/${runSegment('r1')}/x`), 'r1', p)).toMatchObject({ callbackUrl: 'https://user.example/hook' });
    for (const file of place.files) expect(readJournal(file)?.saved.map((s) => s.callbackUrl)).toEqual(['https://user.example/hook']);
    await expectNoSecrets({ dirs: [dir] }, secrets);
    // Read back from disk, its redacted member is filled in again from the profile's template.
    const entry = readJournal(place.files[0]!)!.saved[0]!;
    const sendable = unredacted(entry, { ...p, templates: { ...p.templates, webhookUpsert: { Url: '{{url}}', Secreto: SECRET } } });
    expect(typeof sendable === 'string' ? sendable : sendable.snapshot).toMatchObject({ body: { Url: 'https://user.example/hook', Secreto: SECRET } });
    journal.settled({ app: 'primary', topic: 'consultas' });
    for (const file of place.files) expect(existsSync(file)).toBe(false);
  });
});

describe('the target lock', () => {
  it('one holder at a time: a second one stops with exit 2 naming the first; released, it is free again', async () => {
    const first = await lockTarget({ baseUrl: BASE, runId: 'r1', command: 'run', waitSec: 0 });
    // The same process nests (run's inference): held once.
    (await lockTarget({ baseUrl: BASE, runId: 'r1', command: 'run', waitSec: 0 })).release();
    const file = lockFileOf(BASE);
    const held = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; runId: string };
    expect(held).toMatchObject({ pid: process.pid, runId: 'r1' });
    // Another process's lock: what a second run sees.
    first.release();
    expect(existsSync(file)).toBe(false);
    const other = spawnSync(process.execPath, ['-e', 'setTimeout(() => {}, 5000)'], { timeout: 10 });
    writeFileSync(file, JSON.stringify({ pid: process.ppid, runId: 'r0', command: 'simulate', baseUrl: BASE, startedAt: 'then' }));
    await expect(lockTarget({ baseUrl: BASE, runId: 'r2', command: 'run', waitSec: 0 })).rejects.toThrow(TargetBusyError);
    await expect(lockTarget({ baseUrl: BASE, runId: 'r2', command: 'run', waitSec: 0 })).rejects.toThrow(/another vmp-conformance simulate \(run r0, pid \d+/);
    // Its process gone (SIGKILL): stale, taken over.
    writeFileSync(file, JSON.stringify({ pid: other.pid, runId: 'r0', command: 'run', baseUrl: BASE, startedAt: 'then' }));
    const taken = await lockTarget({ baseUrl: BASE, runId: 'r3', command: 'run', waitSec: 0 });
    expect((JSON.parse(readFileSync(file, 'utf8')) as { runId: string }).runId).toBe('r3');
    taken.release();
  });
});

describe('restore details', () => {
  it('run marks told from other URLs', () => {
    expect(runOf(`http://127.0.0.1:5/${runSegment('rabc123')}/cfg-1`)).toBe('rabc123');
    expect(runOf(`https://hooks.example.test/${runSegment('rabc123')}`)).toBe('rabc123');
    expect(runOf('https://user.example/hook')).toBeUndefined();
  });
});
