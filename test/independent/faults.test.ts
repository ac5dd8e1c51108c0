import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runBatch, type BatchOutcome } from '../mutants/run-batch.ts';
import { GALLERY } from './faults/index.ts';
import { SECRETS } from './secrets.ts';

// Issue 12: "at least 98 % of faults caught" on a gallery the suite's authors did not grow from their own server.
// faults/ holds the faults an outsider reading the spec would plausibly make, each in front of the independent
// server (variant indep); the suites run against each, narrowed to the rules of the fault's spec area. A fault
// is caught when the run exits 1 with a must or profile rule failing.

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MODULE = path.join(HERE, 'faults/index.ts');
const TARGET_SCORE = 0.98;
/**
 * A whole-gallery run takes minutes on this 2-core machine (one suite run per fault), so `npm test` runs a
 * fixed share — every SAMPLE_EVERY-th fault, which spans every spec area — and VMP_OUTSIDER_FAULTS=all runs them
 * all (the acceptance measurement).
 */
const SAMPLE_EVERY = 12;
const ALL = process.env.VMP_OUTSIDER_FAULTS === 'all';
const CHOSEN = ALL ? GALLERY : GALLERY.filter((_, i) => i % SAMPLE_EVERY === 0);
const KILL_AFTER_MS = ALL ? 900_000 : 150_000;

const caught = (o: BatchOutcome): boolean => o.run.code === 1 && o.run.rules.some((r) => r.verdict === 'fail' && (r.level === 'must' || r.level === 'profile'));
const failedRules = (o: BatchOutcome): string[] => o.run.rules.filter((r) => r.verdict === 'fail').map((r) => r.id);

let outcomes: BatchOutcome[] = [];

beforeAll(async () => {
  Object.assign(process.env, SECRETS);
  outcomes = await runBatch({
    names: CHOSEN.map((m) => m.name),
    profileFile: path.join(HERE, 'profile.json'),
    seed: 1,
    runs: 2,
    width: 2,
    killAfterMs: KILL_AFTER_MS,
    gallery: MODULE,
  });
}, KILL_AFTER_MS + 30_000);

describe("the outsider's fault gallery on the independent server", () => {
  it('has at least 40 faults, named once each', () => {
    const names = GALLERY.map((m) => m.name);
    expect(names.length).toBeGreaterThanOrEqual(40);
    expect(new Set(names).size).toBe(names.length);
  });

  it(`catches at least ${TARGET_SCORE * 100} % of the faults`, () => {
    const survivors = outcomes.filter((o) => !caught(o));
    const score = (outcomes.length - survivors.length) / outcomes.length;
    console.log(
      `outsider faults caught: ${outcomes.length - survivors.length}/${outcomes.length} (${(score * 100).toFixed(1)} %${ALL ? '' : `, every ${SAMPLE_EVERY}th of ${GALLERY.length}; VMP_OUTSIDER_FAULTS=all for all`})`,
    );
    for (const o of outcomes.filter(caught)) console.log(`  caught ${o.name}: ${failedRules(o).join(', ')}`);
    for (const o of survivors) console.log(`  SURVIVED ${o.name} (exit ${o.run.code}): ${o.run.tail.split('\n').slice(-3).join(' / ')}`);
    const broken = outcomes.filter((o) => o.faultErrors.length > 0).map((o) => `${o.name}: ${o.faultErrors[0]}`);
    expect(broken, 'faults that threw').toEqual([]);
    expect(score, `survivors: ${survivors.map((o) => o.name).join(', ')}`).toBeGreaterThanOrEqual(TARGET_SCORE);
  });
});
