import type { LogLevel } from '@stryker-mutator/api/core';
import { Stryker } from '@stryker-mutator/core';
import { expect, test } from 'vitest';
import { verdictOf, type Verdict } from './score.ts';

// The mutation harness works (issue 28 §1): Stryker, as `npm run mutation` configures it, mutates one small file of
// the reference server and runs the mutation test (conformance.mutation.ts) against each mutant — here a narrow run,
// the catalog's bestmatch rules, which are what reach reference/text.ts's folding — and the verdicts are the fixed
// counts below (seed and day fixed). The whole measurement is `npm run mutation` (docs/verdicts.md).

const SAMPLE = 'reference/text.ts';
const ONLY = 'catalogo/*';

test(`Stryker kills the mutants of ${SAMPLE} that the catalog rules see, and only those`, { timeout: 1_800_000 }, async () => {
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
    expect(counts).toEqual({ killed: 0, survived: 0 });
  } finally {
    delete process.env.VMP_MUTATION_ONLY;
  }
});
