import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { astroBuild, WITHOUT_BLOG } from '../../src/dev/astro-build.ts';
import type { TestProject } from 'vitest/node';

export const TEST_SITE_URL = 'http://localhost:4321';

/** Builds the real content once per test run into a temp dir; tests read it through `builtSite()`. */
export default function setup(project: TestProject) {
  const distDir = mkdtempSync(join(tmpdir(), 'skribra-test-dist-'));
  // The unit suite's build leaves the blog out; tests/blog builds with a seeded store of its own.
  astroBuild({ outDir: distDir, quiet: true, env: { SITE_URL: TEST_SITE_URL, SKRIBRA_CONTENT_DIR: '', ...WITHOUT_BLOG } });
  project.provide('distDir', distDir);
  return () => rmSync(distDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext { distDir: string }
}
