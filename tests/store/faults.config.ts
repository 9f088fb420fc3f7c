import { defineConfig } from 'vitest/config';

// The service under PostgreSQL faults (`npm run test:faults`): it runs `npm start`, which builds the site into the
// repository's dist/, so it is kept out of `npm test` (whose runs may overlap on a shared checkout) and run on its
// own, by CI after the suite. Embedded PostgreSQL only.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/store/**/*.fault.ts'],
    testTimeout: 60_000,
    hookTimeout: 660_000,
    fileParallelism: false,
  },
});
