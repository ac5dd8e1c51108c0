import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { GALLERY } from './alike/index.ts';
import { runBatch, type BatchOutcome } from './run-batch.ts';

// Issue 27, item 10: inquiries are told apart by their identity (self link, sid), never by their content. A
// reference server whose agencies each hold two alike inquiries (alike/index.ts) passes every rule that tells
// inquiries apart; a server that keys them by content — showing the first of a pair twice, or one of the two —
// is still caught by the rule it breaks.

const HERE = path.dirname(fileURLToPath(import.meta.url));
const KILL_AFTER_MS = 240_000;

let outcomes: BatchOutcome[] = [];
beforeAll(async () => {
  outcomes = await runBatch({
    names: GALLERY.map((m) => m.name),
    profileFile: path.join(HERE, '../../profiles/reference.json'),
    seed: 1,
    runs: 2,
    width: 2,
    killAfterMs: KILL_AFTER_MS,
    gallery: path.join(HERE, 'alike/index.ts'),
  });
}, KILL_AFTER_MS + 30_000);

const failed = (o: BatchOutcome) => o.run.rules.filter((r) => r.verdict === 'fail').map((r) => r.id);
const outcome = (name: string) => outcomes.find((o) => o.name === name)!;

describe('two inquiries alike in content', () => {
  it('pass every rule that tells inquiries apart on a conforming server, each judged', () => {
    const o = outcome('alike-pair-conforming');
    expect(o.faultErrors).toEqual([]);
    expect(failed(o), o.run.tail).toEqual([]);
    expect(o.run.code, o.run.tail).toBe(0);
    const judged = new Set(o.run.rules.filter((r) => r.verdict === 'pass').map((r) => r.id));
    for (const id of ['consultas/list/no-gaps', 'consultas/list/no-duplicates', 'model/inquiry-selection']) expect(judged, id).toContain(id);
  });

  it.each(GALLERY.filter((m) => m.name !== 'alike-pair-conforming').map((m) => [m.name, m.breaks] as const))('%s: caught by %s', (name, breaks) => {
    const o = outcome(name);
    expect(o.faultErrors).toEqual([]);
    expect(o.run.code, o.run.tail).toBe(1);
    expect(failed(o), o.run.tail).toContain(breaks);
  });
});
