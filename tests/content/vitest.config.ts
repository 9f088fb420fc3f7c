import { defineConfig } from 'vitest/config';

// The store and content-API tests need a Postgres, not the site build: this config runs them without the
// root config's global build step. `npx vitest run --config tests/content/vitest.config.ts`
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/content/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
