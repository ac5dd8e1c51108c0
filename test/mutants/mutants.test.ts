import { beforeAll, describe, expect, it } from 'vitest';
import { RULES, rulesOfStatement, statementById } from '../../models/index.ts';
import { GALLERY } from './gallery/index.ts';
import type { Mutant } from './fault.ts';
import { runBatch } from './run-batch.ts';
import { PROFILE_FILE } from './run-cli.ts';
import { UNKILLABLE, UNKILLABLE_STATEMENTS } from './gallery/rows.ts';
import { ENFORCED_STATEMENTS, failedIds, killersByRule, report, statementReport, type Outcome } from './score.ts';

// Issue 7, mutant gallery: the suites run against each single-fault variant of the reference server; a
// mutant is killed when the run exits 1 and its failed rules include the one the mutant breaks. Issue 12: each
// mutant breaks one statement of the spec (models/statements/), and every enforced statement must be broken
// by a killed mutant, with one of its own rules. Runs are
// narrowed to the mutant's rules (--only) and go through batch.ts: three child processes on this 2-core machine (a
// child waits on its servers' sockets and on webhook windows part of the time, and a third fills those gaps:
// measured 150 s at two, 111 s at three, the same outcome for every mutant), each taking the next mutant of one
// shared queue when it is done with one, and running them in one suite session, as `run --base-url` would per mutant.

/** VMP_MUTANT_NAMES=name-glob,…: only those mutants (to iterate on one); the score is then of that selection. */
const SELECTION = process.env.VMP_MUTANT_NAMES;
const matches = (glob: string, name: string): boolean =>
  new RegExp(
    `^${glob
      .trim()
      .replace(/[^\w*-]/g, '\\$&')
      .replaceAll('*', '.*')}$`,
  ).test(name);
const selected = (m: Mutant): boolean => SELECTION === undefined || SELECTION.split(',').some((g) => matches(g, m.name));
const MUTANTS = GALLERY.filter(selected);

const SEED = 1;
const RUNS = 5;
const WIDTH = 3;
const MIN_SCORE = 0.95;
/** A child still running after this long is killed: the mutants it had not finished count as survivors. */
const KILL_AFTER_MS = 15 * 60_000;

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

  it("names for each mutant a statement of the spec, breaks one of that statement's rules, and quotes only its words", () => {
    for (const m of GALLERY) {
      const statement = statementById(m.statement);
      expect(statement, `${m.name} names the statement ${m.statement}`).toBeDefined();
      expect(rulesOfStatement(statement!), `${m.name}: ${m.breaks} is a rule of ${m.statement}`).toContain(m.breaks);
      if (m.quote !== undefined) expect(statement!.quote, `${m.name} quotes words of ${m.statement}`).toContain(m.quote);
    }
  });

  it('has a mutant for every enforced statement, but those no mutant can break (UNKILLABLE_STATEMENTS)', () => {
    const named = new Set(GALLERY.map((m) => m.statement));
    expect(ENFORCED_STATEMENTS.filter((id) => !named.has(id) && !(id in UNKILLABLE_STATEMENTS))).toEqual([]);
    expect(Object.keys(UNKILLABLE_STATEMENTS).filter((id) => !ENFORCED_STATEMENTS.includes(id) || named.has(id))).toEqual([]);
  });
});

describe('the suites against every mutant', () => {
  let outcomes: Outcome[] = [];
  let wallMs = 0;

  beforeAll(async () => {
    const started = performance.now();
    const names = MUTANTS.map((m) => m.name);
    const batch = await runBatch({ names, profileFile: PROFILE_FILE, seed: SEED, runs: RUNS, width: WIDTH, killAfterMs: KILL_AFTER_MS });
    outcomes = batch.map((b, i) => ({ mutant: MUTANTS[i]!, run: b.run, faultErrors: b.faultErrors }));
    wallMs = performance.now() - started;
  }, KILL_AFTER_MS + 60_000);

  it(`kill at least ${MIN_SCORE * 100}% of the gallery with the right rule id`, () => {
    const of = SELECTION === undefined ? '' : `, VMP_MUTANT_NAMES=${SELECTION}`;
    const { lines, score } = report(outcomes, wallMs, `${WIDTH} at a time, --runs ${RUNS}, --seed ${SEED}${of}`);
    const scope = SELECTION === undefined ? ENFORCED_STATEMENTS : ENFORCED_STATEMENTS.filter((id) => MUTANTS.some((m) => m.statement === id));
    console.log([...lines, ...statementReport(outcomes, scope).lines].join('\n'));
    expect(outcomes).toHaveLength(MUTANTS.length);
    expect(score).toBeGreaterThanOrEqual(MIN_SCORE);
  });

  it('fail the run (exit 1) whenever the broken rule failed, and only through the faults (no fault threw)', () => {
    for (const o of outcomes) {
      if (failedIds(o).includes(o.mutant.breaks)) expect(o.run.code, o.mutant.name).toBe(1);
    }
    expect(outcomes.flatMap((o) => o.faultErrors.map((e) => `${o.mutant.name}: ${e}`))).toEqual([]);
  });

  it.skipIf(SELECTION !== undefined)('show every must-rule failing under some mutant, but those no mutant can make fail (UNKILLABLE)', () => {
    const killers = killersByRule(outcomes);
    const gaps = RULES.filter((r) => r.level === 'must' && !killers.has(r.id) && !(r.id in UNKILLABLE)).map((r) => r.id);
    expect(gaps).toEqual([]);
  });

  it.skipIf(SELECTION !== undefined)(
    'break every enforced statement with a killed mutant that names it, but those no mutant can (UNKILLABLE_STATEMENTS)',
    () => {
      const { unbroken } = statementReport(outcomes, ENFORCED_STATEMENTS);
      expect(unbroken.filter((id) => !(id in UNKILLABLE_STATEMENTS))).toEqual([]);
    },
  );

  it('run every mutant to its end (no run killed for taking too long)', () => {
    expect(outcomes.filter((o) => o.run.code === null).map((o) => o.mutant.name)).toEqual([]);
  });
});
