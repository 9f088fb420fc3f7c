import { defineConfig } from 'vitest/config';

// Browser tests against one site set up for the run (tests/e2e/global-site.ts). Files run two at a time, each with
// a browser of its own.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    maxWorkers: 2,
    globalSetup: ['tests/e2e/global-site.ts'],
  },
});
