import { existsSync, readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { TEST_SITE_URL } from './global-build.ts';

/** The site built once for this test run (see global-build.ts), with the SITE_URL it was built for; waits for the build. */
export async function builtSite(): Promise<{ distDir: string; siteUrl: string }> {
  const statusFile = inject('distStatus');
  while (!existsSync(statusFile)) await new Promise((r) => setTimeout(r, 100));
  const { code, output } = JSON.parse(readFileSync(statusFile, 'utf8')) as { code: number | null; output: string };
  if (code !== 0) throw new Error(`the test run's site build failed (exit ${code}):\n${output}`);
  return { distDir: inject('distDir'), siteUrl: TEST_SITE_URL };
}
