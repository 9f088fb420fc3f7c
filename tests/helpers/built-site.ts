import { inject } from 'vitest';
import { TEST_SITE_URL } from './global-build.ts';
import { awaitOnDemand } from './on-demand.ts';

/** The site built once for this test run (see global-build.ts), started on first use, with the SITE_URL it was built
 * for; waits for the build. */
export async function builtSite(): Promise<{ distDir: string; siteUrl: string }> {
  await awaitOnDemand(inject('distStatus'), "the test run's site build");
  return { distDir: inject('distDir'), siteUrl: TEST_SITE_URL };
}
