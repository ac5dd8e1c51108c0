import { defineConfig } from 'vitest/config';

// The project's own tests (npm test). The conformance suites in suites/ run through cli/ with their own config.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The mutant gallery (issue 7) is not yet verified within npm test's time budget: run it with
    // VMP_MUTANTS=1 npx vitest run test/mutants until it is.
    exclude: process.env.VMP_MUTANTS ? ['**/node_modules/**'] : ['**/node_modules/**', 'test/mutants/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
