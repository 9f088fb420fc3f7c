import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { WITHOUT_BLOG } from '../../src/dev/astro-build.ts';
import { backgroundRun, testBuildDir, ROOT } from './test-builds.ts';

export const TEST_SITE_URL = 'http://localhost:4321';

/**
 * Builds the real content once per test run; tests read it through `builtSite()`, which waits for it. The build runs
 * in the background, so the files that need no build (most of them) run meanwhile. It writes `status.json` beside
 * the output when it ends: its exit code and, on failure, its output.
 */
export default function setup(project: TestProject) {
  const dir = testBuildDir('site');
  const distDir = join(dir, 'dist');
  const statusFile = join(dir, 'status.json');
  // The unit suite's build leaves the blog out; tests/blog builds with a seeded store of its own.
  const env = { ...process.env, SITE_URL: TEST_SITE_URL, SKRIBRA_CONTENT_DIR: '', ...WITHOUT_BLOG };
  const ended = backgroundRun([join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', distDir, '--silent'], statusFile, env);
  project.provide('distDir', distDir);
  project.provide('distStatus', statusFile);
  return async () => {
    await ended;
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    distDir: string;
    distStatus: string;
  }
}
