import type { LogLevel } from '@stryker-mutator/api/core';
import { Stryker } from '@stryker-mutator/core';
import { expect, test } from 'vitest';
import { verdictOf, type Verdict } from './score.ts';

// The mutation harness works (issue 28 §1): Stryker, as `npm run mutation` configures it, mutates one small file of
// the reference server and runs the mutation test (conformance.mutation.ts) against each mutant — here a narrow run
// of the default profile, the catalog's bestmatch rules, which reach reference/text.ts's folding — and the verdicts
// are the fixed counts below (seed and day fixed; a survivor here is no verdict on the file: the whole run judges it).
// The whole measurement is `npm run mutation` (docs/verdicts.md).

const SAMPLE = 'reference/text.ts';
const ONLY = 'catalogo/*';

// Measured: 20 minutes beside a full measurement at a load of 27 on 2 cores. A narrow run takes about 2 s on a quiet
// machine, so some 22 × 3 s there (not measured).
test(`Stryker runs the mutation test on every mutant of ${SAMPLE}: 5 killed by the catalog rules, 17 they cannot see`, { timeout: 600_000 }, async () => {
  process.env.VMP_MUTATION_ONLY = ONLY; // read by the mutation test in Stryker's test-runner process
  try {
    const results = await new Stryker({
      configFile: 'stryker.config.mjs',
      mutate: [SAMPLE],
      incremental: false,
      // The TypeScript checker is the whole measurement's (its start-up alone would take most of the two minutes).
      checkers: [],
      reporters: process.env.VMP_SAMPLE_LOG ? ['progress'] : [],
      logLevel: (process.env.VMP_SAMPLE_LOG ?? 'error') as LogLevel,
      fileLogLevel: 'off' as LogLevel,
    }).runMutationTest();
    const counts: Partial<Record<Verdict, number>> = {};
    for (const r of results) counts[verdictOf(r)] = (counts[verdictOf(r)] ?? 0) + 1;
    expect(counts).toEqual({ killed: 5, survived: 17 });
  } finally {
    delete process.env.VMP_MUTATION_ONLY;
  }
});
