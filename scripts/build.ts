#!/usr/bin/env node
// `npm run build`: `astro build` (arguments passed on), one build of this checkout at a time (src/build-time/astro-build.ts).
// A dist/ that a local origin serves is never written: the build goes beside it and is published whole
// (src/build-time/dist-builds.ts), so `npm run build` while `npm start` serves is safe.
import { astroBuild } from '../src/build-time/astro-build.ts';

try {
  astroBuild({ args: process.argv.slice(2) });
} catch {
  process.exit(1); // Astro printed why
}
