import { defineConfig } from 'vitest/config';

// The project's own tests (npm test). The conformance suites in suites/ run through cli/ with their own config.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // vitest 4 runs one file at a time on a 2-core machine (CPUs − 1); most of these files wait on servers and child
    // processes, so two at a time finish the suite in far less wall time.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
