import { defineConfig } from 'vitest/config';

// Unit, handler, store and build tests. Browser tests live in tests/e2e and run with vitest.e2e.config.ts.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    globalSetup: ['tests/helpers/global-build.ts'],
  },
});
