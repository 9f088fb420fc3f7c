import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ASTRO_BUILD, WITHOUT_BLOG } from '../../src/build-time/astro-build.ts';
import { backgroundBuild } from './test-builds.ts';

export const TEST_SITE_URL = 'http://localhost:4321';

/**
 * Builds the real content once per test run, when the first test file asks for it through `builtSite()`, which waits
 * for it. The build runs in the background, so the files that need no build (most of them) run meanwhile, and a run
 * of files that need none makes no build. It writes `status.json` beside the output when it ends: its exit code and,
 * on failure, its output.
 */
export default function setup(project: TestProject) {
  // The unit suite's build leaves the blog out; tests/blog builds with a seeded store of its own.
  const env = { ...process.env, SITE_URL: TEST_SITE_URL, SKRIBRA_CONTENT_DIR: '', ...WITHOUT_BLOG };
  const { dir, statusFile, teardown } = backgroundBuild('site', (d) => [...ASTRO_BUILD, '--outDir', join(d, 'dist'), '--silent'], env);
  project.provide('distDir', join(dir, 'dist'));
  project.provide('distStatus', statusFile);
  return teardown;
}

declare module 'vitest' {
  export interface ProvidedContext {
    distDir: string;
    distStatus: string;
  }
}
