import { defineConfig } from 'vitest/config';

// The project's own tests (npm test). The conformance suites in suites/ run through cli/ with their own config.
// vitest 4 runs one file at a time on a 2-core machine (CPUs − 1); most files wait on servers and child processes,
// so they run two at a time. Those that hold a run to a bound of time or memory (or a signal to a grace period)
// run afterwards, one at a time, so that no other file's load decides their verdict. (signals-every and
// init-signals signal a run that a proxy holds at a known point: load cannot change what they see.)
const ALONE = [
  'test/chaos/**/*.test.ts',
  ...['capture-hostile', 'capture-memory', 'cpu-bound', 'deadline', 'hostile-bodies', 'load-huge-body', 'signals'].map(
    (name) => `test/hostile/${name}.test.ts`,
  ),
];

/**
 * The package as a user installs it (npm pack, an install into an empty project, a container image): minutes of
 * npm and tsc, the same on every change. Not in npm test (`vitest run --project shared --project alone`):
 * `npm run test:package` runs it, and .ci/run on every Node line.
 */
const PACKAGE = ['test/package/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...ALONE, ...PACKAGE], maxWorkers: 2, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        test: { name: 'package', include: PACKAGE, maxWorkers: 1, sequence: { groupOrder: 2 } },
      },
    ],
  },
});
