import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { isLiveFile, liveFile } from '../../src/request/blog/live-files.ts';
import { TEST_SITE_URL } from './global-build.ts';
import { awaitOnDemand } from './on-demand.ts';

/** The site built once for this test run (see global-build.ts), started on first use, with the SITE_URL it was built
 * for; waits for the build. */
export async function builtSite(): Promise<{ distDir: string; siteUrl: string }> {
  await awaitOnDemand(inject('distStatus'), "the test run's site build");
  return { distDir: inject('distDir'), siteUrl: TEST_SITE_URL };
}

/**
 * A file of a build as a client gets it without a blog (an origin with no store): a live file (llms.txt, the sitemap)
 * is its parts joined around an empty blog part (src/request/blog/live-files.ts); any other file is read as it is.
 */
export async function buildText(distDir: string, path: string): Promise<string> {
  const read = (p: string) => (existsSync(join(distDir, p)) ? readFileSync(join(distDir, p), 'utf8') : undefined);
  const text = isLiveFile(path) ? await liveFile(path, [], TEST_SITE_URL, read) : read(path);
  if (text === undefined) throw new Error(`${path} is not a file of the build in ${distDir}`);
  return text;
}
