import { defineConfig } from 'vitest/config';

// The webhook tests need a Postgres and a loopback receiver, not the site build:
// `npx vitest run --config tests/webhooks/vitest.config.ts` (the root config runs them too).
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/webhooks/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
