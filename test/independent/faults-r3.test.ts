import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RUNS } from '../../api/run.ts';
import { type BatchOutcome, runBatch } from '../mutants/run-batch.ts';
import { CONTROL, R3_FAULTS } from './faults-r3/index.ts';
import { SECRETS } from './secrets.ts';

// The round-3 outsider gallery measured: each fault in front of a fresh independent server (variant indep,
// profile.json) gets a whole conformance run — no --only, since an outsider does not know which rule judges
// what — at the default --runs (VMP_R3_RUNS to change it), through test/mutants/run-batch.ts. A fault is caught when the run exits 1 with a
// must or profile rule failing. The score is printed, not asserted: it is the measurement of the suite. The
// control (no fault) must pass the same run.
//   VMP_R3_FAULTS=all npx vitest run test/independent/faults-r3.test.ts   (every fault; takes a while)
//   VMP_R3_FAULTS=name,name npx vitest run test/independent/faults-r3.test.ts   (those faults, as measured)

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MODULE = path.join(HERE, 'faults-r3/index.ts');
/** By default a fixed sample (every SAMPLE_EVERY-th fault), so that `npm test` stays short. */
const SAMPLE_EVERY = 36;
const ALL = process.env.VMP_R3_FAULTS === 'all';
/** VMP_R3_FAULTS=name,name…: those faults only (measured as `all` is), e.g. to re-measure the survivors of a class. */
const NAMED = ALL ? undefined : process.env.VMP_R3_FAULTS?.split(',').filter(Boolean);
const CHOSEN = ALL ? R3_FAULTS : NAMED ? R3_FAULTS.filter((f) => NAMED.includes(f.name)) : R3_FAULTS.filter((_, i) => i % SAMPLE_EVERY === 0);
/** --runs: the default of `run` for the measurement (all); the sample only shows the runner works, so it is cheaper. */
const RUNS = Number(process.env.VMP_R3_RUNS ?? (ALL || NAMED ? DEFAULT_RUNS : 5));
/** A child still running after this long is killed (its unfinished faults count as survivors). */
const KILL_AFTER_MS = (ALL || NAMED ? 60_000 : 40_000) * Math.ceil((CHOSEN.length + 1) / 2) * Math.max(1, RUNS / DEFAULT_RUNS);

const caught = (o: BatchOutcome): boolean => o.run.code === 1 && o.run.rules.some((r) => r.verdict === 'fail' && (r.level === 'must' || r.level === 'profile'));
const failed = (o: BatchOutcome): string[] => o.run.rules.filter((r) => r.verdict === 'fail' && (r.level === 'must' || r.level === 'profile')).map((r) => r.id);

let outcomes: BatchOutcome[] = [];
let control: BatchOutcome | undefined;

beforeAll(async () => {
  Object.assign(process.env, SECRETS);
  const all = await runBatch({
    names: [CONTROL.name, ...CHOSEN.map((f) => f.name)],
    profileFile: path.join(HERE, 'profile.json'),
    seed: 1,
    runs: RUNS,
    width: 2,
    killAfterMs: KILL_AFTER_MS,
    gallery: MODULE,
  });
  control = all.find((o) => o.name === CONTROL.name);
  outcomes = all.filter((o) => o.name !== CONTROL.name);
}, KILL_AFTER_MS + 60_000);

describe('round-3 outsider gallery: whole conformance runs', () => {
  it('passes the plain independent server (the control) with the same runner', () => {
    const fails = control?.run.rules.filter((r) => r.verdict === 'fail').map((r) => `${r.id}: ${r.message ?? ''}`);
    expect(fails, control?.run.tail).toEqual([]);
    expect(control?.run.code, control?.run.tail).toBe(0);
  });

  it('prints the score, what each caught fault failed, and the survivors with their class', () => {
    const kinds = new Map(R3_FAULTS.map((f) => [f.name, `${f.area}/${f.kind}`]));
    const survivors = outcomes.filter((o) => !caught(o));
    const score = outcomes.length === 0 ? 0 : (outcomes.length - survivors.length) / outcomes.length;
    console.log(
      `round-3 faults caught: ${outcomes.length - survivors.length}/${outcomes.length} (${(score * 100).toFixed(1)} %, --runs ${RUNS}${ALL ? '' : `, every ${SAMPLE_EVERY}th of ${R3_FAULTS.length}; VMP_R3_FAULTS=all for all`})`,
    );
    for (const o of outcomes.filter(caught)) console.log(`  caught ${o.name}: ${failed(o).join(', ')}`);
    for (const o of survivors) console.log(`  SURVIVED ${o.name} [${kinds.get(o.name)}] (exit ${o.run.code}): ${o.run.tail.split('\n').slice(-2).join(' / ')}`);
    const broken = outcomes.filter((o) => o.faultErrors.length > 0).map((o) => `${o.name}: ${o.faultErrors[0]}`);
    expect(broken, 'faults that threw').toEqual([]);
    expect(outcomes.length).toBe(CHOSEN.length);
  });
});
