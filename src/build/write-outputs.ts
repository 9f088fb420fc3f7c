import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPublicApi } from '../api/public/create-public-api.ts';
import { ARTIFACT_DIR } from '../api/public/load-artifacts.ts';
import type { SiteContent } from '../catalog/load-catalog.ts';
import type { BuildBlog } from '../blog/build-blog.ts';
import { blogTwins } from '../blog/blog-twins.ts';
import { headersFile, redirectsFile } from './netlify-files.ts';
import { inlineScriptHashes } from './inline-script-hashes.ts';
import { writeArtifacts } from './write-artifacts.ts';
import { writeMachineReadable } from './write-machine-readable.ts';
import { writeStaticApi } from './write-static-api.ts';

/**
 * Everything that is not an HTML page, written straight from the catalog (DESIGN rule 8): the static API (by calling
 * the public handlers), the function's artifacts, the Netlify routing files, the markdown twins and the machine-
 * readable files. The build writes them into dist/ after Astro rendered the pages; `npm run dev` into its own
 * folder on every content change, so both serve the same bytes.
 */
export async function writeOutputs(out: string, content: SiteContent, blog: BuildBlog): Promise<{ api: number; machine: number }> {
  const { catalog } = content;
  const files = await writeStaticApi(out, catalog, createPublicApi({ catalog }));
  writeArtifacts(out, catalog);
  mkdirSync(join(out, ARTIFACT_DIR), { recursive: true });
  writeFileSync(join(out, ARTIFACT_DIR, 'static-api-paths.json'), JSON.stringify(files));
  writeFileSync(join(out, '_redirects'), redirectsFile());
  writeFileSync(join(out, '_headers'), headersFile(inlineScriptHashes(out)));
  const machine = await writeMachineReadable(out, content, blog.summaries, blogTwins(catalog.site_url, blog.articles));
  return { api: files.length, machine };
}
