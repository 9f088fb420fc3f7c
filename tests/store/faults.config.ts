import { defineConfig } from 'vitest/config';

// The service end to end on `npm start` (`npm run test:faults`): under PostgreSQL faults, and the live blog's changes
// (tests/blog/live-publish.fault.ts). `npm start` builds the site into the repository's dist/, so these are kept out of `npm test` (whose runs may overlap on a shared checkout) and run on its
// own, by CI after the suite. Embedded PostgreSQL only.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/**/*.fault.ts'],
    testTimeout: 60_000,
    hookTimeout: 660_000,
    fileParallelism: false,
  },
});
