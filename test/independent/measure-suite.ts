import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RUNS } from '../../api/run.ts';
import type { Mutant } from '../mutants/fault.ts';
import { type BatchOutcome, runBatch } from '../mutants/run-batch.ts';
import type { R3Fault } from './faults-r3/r3.ts';
import { SECRETS } from './secrets.ts';

// An outsider gallery measured, as a vitest suite any round's gallery can declare: each chosen fault in front
// of a fresh independent server (variant indep, profile.json) gets a whole conformance run (no --only) through
// test/mutants/run-batch.ts, two processes. A fault is caught when the run exits 1 with a must or profile rule
// failing. The score is printed, not asserted; the control (no fault) must pass the same run.

const INDEPENDENT = path.dirname(fileURLToPath(import.meta.url));

export interface Measurement {
  /** "round-4": how the printout names the gallery. */
  label: string;
  faults: readonly (R3Fault & { area: string })[];
  control: Mutant;
  /** The gallery module batch.ts loads (GALLERY, freshUpstream, onlyOf). */
  module: string;
  /** `all`, a comma-separated list of names, or undefined for the sample. */
  choice: string | undefined;
  /** --runs when given (else the default of `run` when measuring, 5 for the sample). */
  runs: string | undefined;
  /** The sample keeps every sampleEvery-th fault, so that `npm test` stays short. */
  sampleEvery: number;
}

const caught = (o: BatchOutcome): boolean => o.run.code === 1 && o.run.rules.some((r) => r.verdict === 'fail' && (r.level === 'must' || r.level === 'profile'));
const failed = (o: BatchOutcome): string[] => o.run.rules.filter((r) => r.verdict === 'fail' && (r.level === 'must' || r.level === 'profile')).map((r) => r.id);

export function describeMeasurement(m: Measurement): void {
  const all = m.choice === 'all';
  const named = all ? undefined : m.choice?.split(',').filter(Boolean);
  const chosen = all ? m.faults : named ? m.faults.filter((f) => named.includes(f.name)) : m.faults.filter((_, i) => i % m.sampleEvery === 0);
  const measuring = all || named !== undefined;
  const runs = Number(m.runs ?? (measuring ? DEFAULT_RUNS : 5));
  /** A child still running after this long is killed (its unfinished faults count as survivors). */
  const killAfterMs = (measuring ? 60_000 : 40_000) * Math.ceil((chosen.length + 1) / 2) * Math.max(1, runs / DEFAULT_RUNS);
  let outcomes: BatchOutcome[] = [];
  let control: BatchOutcome | undefined;

  beforeAll(async () => {
    Object.assign(process.env, SECRETS);
    const every = await runBatch({
      names: [m.control.name, ...chosen.map((f) => f.name)],
      profileFile: path.join(INDEPENDENT, 'profile.json'),
      seed: 1,
      runs,
      width: 2,
      killAfterMs,
      gallery: m.module,
    });
    control = every.find((o) => o.name === m.control.name);
    outcomes = every.filter((o) => o.name !== m.control.name);
  }, killAfterMs + 60_000);

  describe(`${m.label} outsider gallery: whole conformance runs`, () => {
    it('passes the plain independent server (the control) with the same runner', () => {
      const fails = control?.run.rules.filter((r) => r.verdict === 'fail').map((r) => `${r.id}: ${r.message ?? ''}`);
      expect(fails, control?.run.tail).toEqual([]);
      expect(control?.run.code, control?.run.tail).toBe(0);
    });

    it('prints the score, what each caught fault failed, and the survivors with their class', () => {
      const kinds = new Map(m.faults.map((f) => [f.name, `${f.area}/${f.kind}`]));
      const survivors = outcomes.filter((o) => !caught(o));
      const share = outcomes.length === 0 ? 0 : (outcomes.length - survivors.length) / outcomes.length;
      const scope = all ? '' : named ? `, ${chosen.length} named of ${m.faults.length}` : `, every ${m.sampleEvery}th of ${m.faults.length}`;
      console.log(`${m.label} faults caught: ${outcomes.length - survivors.length}/${outcomes.length} (${(share * 100).toFixed(1)} %, --runs ${runs}${scope})`);
      for (const o of outcomes.filter(caught)) console.log(`  caught ${o.name}: ${failed(o).join(', ')}`);
      for (const o of survivors)
        console.log(`  SURVIVED ${o.name} [${kinds.get(o.name)}] (exit ${o.run.code}): ${o.run.tail.split('\n').slice(-2).join(' / ')}`);
      expect(
        outcomes.filter((o) => o.faultErrors.length > 0).map((o) => `${o.name}: ${o.faultErrors[0]}`),
        'faults that threw',
      ).toEqual([]);
      expect(outcomes.length).toBe(chosen.length);
    });
  });
}
