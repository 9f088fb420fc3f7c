import { defineConfig } from 'vitest/config';

// The live blog behind Debian's Varnish with xkey (tests/varnish/*.varnish.ts): it runs `npm start`, which builds the
// site into the repository's dist/, so it is kept out of `npm test` and run on its own by CI, which installs Varnish
// (scripts/ci-varnish.sh does too when it is absent).
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['tests/varnish/**/*.varnish.ts'],
    testTimeout: 60_000,
    hookTimeout: 660_000,
    fileParallelism: false,
  },
});
