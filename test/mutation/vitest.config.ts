import { defineConfig } from 'vitest/config';

// The mutation test's own config (stryker.config.mjs names it): only conformance.mutation.ts, which npm test's
// include (test/**/*.test.ts) never picks up. Stryker's vitest runner sets the pool (one thread) and its own
// setup file on top; the test bounds itself (MAX_DURATION_SEC), so vitest's timeout is only a backstop.
export default defineConfig({
  test: {
    include: ['test/mutation/conformance.mutation.ts'],
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
