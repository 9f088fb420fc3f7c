import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { astroBuild } from '../../src/origin/astro-build.ts';
import type { TestProject } from 'vitest/node';

export const TEST_SITE_URL = 'http://localhost:4321';

/** Builds the real content once per test run into a temp dir; tests read it through `builtSite()`. */
export default function setup(project: TestProject) {
  const distDir = mkdtempSync(join(tmpdir(), 'skribra-test-dist-'));
  // The unit suite's build leaves the blog out (a closed port, blog optional) so it never starts a store;
  // tests/blog builds with a seeded store of its own.
  astroBuild({ outDir: distDir, quiet: true, env: { SITE_URL: TEST_SITE_URL, SKRIBRA_CONTENT_DIR: '', DATABASE_URL: 'postgres://skribra@127.0.0.1:9/none', SKRIBRA_BLOG_OPTIONAL: '1' } });
  project.provide('distDir', distDir);
  return () => rmSync(distDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext { distDir: string }
}
