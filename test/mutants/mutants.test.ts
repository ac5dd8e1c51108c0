import { beforeAll, describe, expect, it } from 'vitest';
import { RULES } from '../../models/index.ts';
import type { Profile } from '../../target/profile.ts';
import { GALLERY, onlyOf } from './gallery/index.ts';
import type { Mutant } from './fault.ts';
import { startMutantProxy } from './proxy.ts';
import { freshReference, loadProfile, pool, PROFILE_FILE, runCli } from './run-cli.ts';
import { failedIds, report, type Outcome } from './score.ts';

// Issue 7, mutant gallery: the suites run (through the CLI, a child process per mutant) against each
// single-fault variant of the reference server; a mutant is killed when the run exits 1 and its failed rules
// include the one the mutant breaks. Runs are narrowed to the mutant's rules (--only) and go two at a time:
// this machine has two cores, and a run is mostly the CLI's own start-up.

/** VMP_MUTANT_NAMES=name-glob,…: only those mutants (to iterate on one); the score is then of that selection. */
const SELECTION = process.env.VMP_MUTANT_NAMES;
const matches = (glob: string, name: string): boolean => new RegExp(`^${glob.trim().replace(/[^\w*-]/g, '\\$&').replaceAll('*', '.*')}$`).test(name);
const selected = (m: Mutant): boolean => SELECTION === undefined || SELECTION.split(',').some((g) => matches(g, m.name));
const MUTANTS = GALLERY.filter(selected);

const SEED = 1;
const RUNS = 5;
const WIDTH = 2;
const MIN_SCORE = 0.95;
/** A run that takes longer than this is killed and counts as a survivor. */
const KILL_AFTER_MS = 120_000;

async function runMutant(profile: Profile, mutant: Mutant): Promise<Outcome> {
  const reference = await freshReference(profile);
  const proxy = await startMutantProxy({ upstream: reference.url, profile, fault: mutant.fault });
  try {
    const run = await runCli({ baseUrl: proxy.url, profileFile: PROFILE_FILE, seed: SEED, runs: mutant.runs ?? RUNS, only: onlyOf(mutant), killAfterMs: KILL_AFTER_MS });
    return { mutant, run, faultErrors: [...proxy.faultErrors] };
  } finally {
    await proxy.close();
    await reference.close();
  }
}

const RULE_LEVELS = new Map(RULES.map((r) => [r.id, r.level]));

describe('the mutant gallery', () => {
  it('holds at least 50 mutants, uniquely named, each breaking one must or profile rule of the catalog', () => {
    expect(GALLERY.length).toBeGreaterThanOrEqual(50);
    const names = GALLERY.map((m) => m.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    for (const m of GALLERY) {
      expect(m.name, m.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(['must', 'profile'], `${m.name} breaks ${m.breaks}`).toContain(RULE_LEVELS.get(m.breaks));
      for (const id of m.also ?? []) expect(RULE_LEVELS.has(id), `${m.name} also trips ${id}`).toBe(true);
    }
  });
});

describe('the suites against every mutant', () => {
  let outcomes: Outcome[] = [];
  let wallMs = 0;

  beforeAll(async () => {
    const profile = await loadProfile(PROFILE_FILE);
    const started = performance.now();
    outcomes = await pool(MUTANTS, WIDTH, (m) => runMutant(profile, m));
    wallMs = performance.now() - started;
  }, 30 * 60_000);

  it(`kill at least ${MIN_SCORE * 100}% of the gallery with the right rule id`, () => {
    const of = SELECTION === undefined ? '' : `, VMP_MUTANT_NAMES=${SELECTION}`;
    const { lines, score } = report(outcomes, wallMs, `${WIDTH} at a time, --runs ${RUNS}, --seed ${SEED}${of}`);
    console.log(lines.join('\n'));
    expect(outcomes).toHaveLength(MUTANTS.length);
    expect(score).toBeGreaterThanOrEqual(MIN_SCORE);
  });

  it('fail the run (exit 1) whenever the broken rule failed, and only through the faults (no fault threw)', () => {
    for (const o of outcomes) {
      if (failedIds(o).includes(o.mutant.breaks)) expect(o.run.code, o.mutant.name).toBe(1);
    }
    expect(outcomes.flatMap((o) => o.faultErrors.map((e) => `${o.mutant.name}: ${e}`))).toEqual([]);
  });

  it('run every mutant to its end (no run killed for taking too long)', () => {
    expect(outcomes.filter((o) => o.run.code === null).map((o) => o.mutant.name)).toEqual([]);
  });
});
