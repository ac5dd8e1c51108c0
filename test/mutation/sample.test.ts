import type { LogLevel } from '@stryker-mutator/api/core';
import { Stryker } from '@stryker-mutator/core';
import { expect, test } from 'vitest';
import { KILLED_BY_RULES } from './verdict.ts';
import { verdictOf, type Verdict } from './score.ts';

// The mutation harness works (issue 28 §1): Stryker, as `npm run mutation` configures it, mutates a few spans of one
// file of the reference server and runs the mutation test (conformance.mutation.ts) against each mutant — here a
// narrow run of the default profile, one scoping rule — and each mutant gets the verdict below (seed and day fixed;
// a survivor here is no verdict on the file: the whole run judges it). Every path of the harness is taken once:
// a mutant a rule kills, mutants the run lets live, and one marked equivalent in place (`// Stryker disable`).
// The whole measurement is `npm run mutation` (docs/verdicts.md).

const FILE = 'reference/auth.ts';
/**
 * Stryker's ranges (lines from 1, columns from 0, both ends included): the header comparison of authenticate(),
 * which Stryker mutates three ways, and the 'authorization' literal of challenge(), marked equivalent there
 * (Errors: the answers of an authentication failure are not shown).
 */
const SPANS = [`${FILE}:13:45-13:68`, `${FILE}:29:15-29:30`];
/** A rule that reads another app's agency: it sees a server that takes any credential for the first app's. */
const ONLY = 'scoping/foreign-agency-get-404';

/** Each mutant's verdict, by mutator and replacement. */
const EXPECTED: Record<string, Verdict> = {
  // Any header value is every app's: app other reads app primary's agency (200, not 404).
  'ConditionalExpression true': 'killed',
  // No app's credentials are taken, or only the other's: the one rule skips (the whole run fails many).
  'ConditionalExpression false': 'survived',
  'EqualityOperator headers[name] !== value': 'survived',
  'StringLiteral ""': 'equivalent',
};

// Measured alone (nice -n 10, 2 shared cores): 84 s for the 22 mutants of reference/text.ts under catalogo/*, this
// sample's 3 runs and one equivalent in 36 s (Stryker's start-up and its first run are some 15 s of it).
test(`Stryker runs the mutation test on each mutant of ${FILE}'s spans: one killed, two survivors, one equivalent`, { timeout: 300_000 }, async () => {
  process.env.VMP_MUTATION_ONLY = ONLY; // read by the mutation test in Stryker's test-runner process
  try {
    const results = await new Stryker({
      configFile: 'stryker.config.mjs',
      mutate: SPANS,
      incremental: false,
      // The TypeScript checker is the whole measurement's (its start-up alone would take longer than the runs).
      checkers: [],
      reporters: process.env.VMP_SAMPLE_LOG ? ['progress'] : [],
      logLevel: (process.env.VMP_SAMPLE_LOG ?? 'error') as LogLevel,
      fileLogLevel: 'off' as LogLevel,
    }).runMutationTest();
    const verdicts = Object.fromEntries(results.map((r) => [`${r.mutatorName} ${r.replacement}`, verdictOf(r)]));
    expect(verdicts).toEqual(EXPECTED);
    const killed = results.find((r) => verdictOf(r) === 'killed');
    expect(killed?.statusReason).toContain(`${KILLED_BY_RULES} ${ONLY}`);
  } finally {
    delete process.env.VMP_MUTATION_ONLY;
  }
});
