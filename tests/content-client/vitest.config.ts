import { defineConfig } from 'vitest/config';

// The client's tests need a store and a served content API, not the site build: this config runs them without the
// root config's global build step. `npx vitest run --config tests/content-client/vitest.config.ts`
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/content-client/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
