import { inject } from 'vitest';
import { TEST_SITE_URL } from './global-build.ts';

/** The site built once for this test run (see global-build.ts), with the SITE_URL it was built for. */
export async function builtSite(): Promise<{ distDir: string; siteUrl: string }> {
  return { distDir: inject('distDir'), siteUrl: TEST_SITE_URL };
}
