// Mutation testing of the reference server (issue 28 §1): Stryker mutates reference/ and runs the conformance run
// against the embedded server built from the mutated sources (test/mutation/conformance.mutation.ts) as the test
// that must fail. `npm run mutation` runs it (test/mutation/run.ts); docs/verdicts.md records the score.
// @ts-check
import { readdirSync } from 'node:fs';

/** What is not mutated, and why. */
export const LEFT_OUT = {
  // seed data (catalog, fixtures, the inquiry generator): the suites discover the data and never assume it, so other
  // data is another legal server, not a fault (Principle 8);
  'reference/seed/': 'seed data',
  // start-up, options and shutdown of the embedded server: the tool's own, not an answer of the API (a server that
  // does not start gives a run nothing to judge); its clock is the mutation test's fixed day;
  'reference/server.ts': "the embedded server's start-up and shutdown",
  // declarations only: no code to mutate.
  'reference/context.ts': 'declarations',
  'reference/state/types.ts': 'declarations',
};

/** Every TypeScript file of reference/ but those LEFT_OUT, in a stable order. */
export const MUTATED = readdirSync('reference', { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => `reference/${f}`)
  .filter((f) => !Object.keys(LEFT_OUT).some((prefix) => f.startsWith(prefix)))
  .sort();

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: 'vitest',
  vitest: {
    configFile: 'test/mutation/vitest.config.ts',
    // The test reaches reference/ through a dynamic import (api/embedded.ts) that vitest's related mode does not follow.
    related: false,
  },
  checkers: ['typescript'],
  tsconfigFile: 'test/mutation/tsconfig.json',
  // One test per profile of the embedded server, each a whole run (conformance.mutation.ts says why not one per
  // area): a mutant runs only the profiles whose run reached it, the mutants no request reaches are NoCoverage (a
  // missed fault, never run), and each mutant's hit count is bounded, so one that loops is stopped (Timeout).
  coverageAnalysis: 'perTest',
  // What the spec governs: every answer's status, headers and body, and what a delivery carries (MUTATED below).
  mutate: MUTATED,
  // Logging (the delivery log of `serve`) and the checks of the server's own options are marked in place with
  // `// Stryker disable … : not governed by the spec: …`; equivalent mutants with the spec sentence that leaves
  // their behaviour open (test/mutation/score.ts tells the two apart by that prefix).
  ignorePatterns: ['/vmp-report', '/dist', '/docs', '/bench', '/examples', '/.ci', '/test/*', '!/test/mutation'],
  incrementalFile: 'test/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'vmp-report/mutation/mutation.html' },
  jsonReporter: { fileName: 'vmp-report/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false, reportScoreTable: true },
  // 2 shared cores: one test runner and one checker.
  concurrency: 1,
  // A hung mutant is ended by the run's own deadline (its default --max-duration, about 11 minutes), which its
  // results report; Stryker's timeout (20 minutes over the initial run's time) only ends a blocked process, and
  // test/mutation/score.ts never counts a Timeout as killed unless the run's results said so.
  timeoutMS: 1_200_000,
  timeoutFactor: 1.5,
  dryRunTimeoutMinutes: 20,
  thresholds: { high: 95, low: 90, break: null },
  tempDirName: '.stryker-tmp',
};
export default config;
