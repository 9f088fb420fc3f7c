import { defineConfig } from 'vitest/config';

// Behind Debian's Varnish with xkey (tests/varnish/*.varnish.ts): the shipped VCL in front of an origin the test
// controls, then in front of `npm start`, which builds the site into the repository's dist/; so kept out of `npm test`
// and run on its own by CI, which installs Varnish (scripts/ci-varnish.sh does too when it is absent). One file at a
// time: `npm start` is the machine's heaviest process.
//   npx vitest run --config tests/varnish.config.ts
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['tests/varnish/**/*.varnish.ts'],
    testTimeout: 60_000,
    hookTimeout: 660_000,
    fileParallelism: false,
  },
});
