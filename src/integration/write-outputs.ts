import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPublicApi } from '../api/public/create-public-api.ts';
import { ARTIFACT_DIR, STATIC_PATHS_FILE } from '../api/public/load-artifacts.ts';
import type { SiteContent } from '../catalog/load-catalog.ts';
import type { RateLimits } from '../api/content/limits.ts';
import { NO_BLOG } from '../blog/build-blog.ts';
import type { ArticleSummary } from '../api/public/article-source.ts';
import { ogImageSet } from '../seo/og-image-set.ts';
import { ogIndexFiles, OG_INDEX_DIR } from '../seo/og-image-index.ts';
import { headersFile, redirectsFile } from './netlify-files.ts';
import { inlineScriptHashes } from './inline-script-hashes.ts';
import { writeArtifacts } from './write-artifacts.ts';
import { writeMachineReadable } from './write-machine-readable.ts';
import { writeStaticApi } from './write-static-api.ts';
import { outputStore, type OutputStore } from '../core/output-store.ts';

/**
 * Everything that is not an HTML page or an image, written straight from the catalog (DESIGN rule 8): the static API
 * (by calling the public handlers), the markdown twins, the machine-readable files, the Netlify routing files, the
 * function's artifacts and the image API's index. The build writes them into dist/ after Astro rendered the pages;
 * `npm run dev` into its own folder on every content change, so both serve the same bytes. `limits` are the content
 * API's (the OpenAPI document states them). `phase` names each step as it starts (the build's phase table,
 * build-phases.ts); `cachedPages` are the pages the build took from its cache (term-page-cache.ts), which the scan
 * for inline scripts need not read (inline-script-hashes.ts); `store` keeps the static API's files and the twins
 * for the next build (output-store.ts).
 */
export async function writeOutputs(
  out: string,
  content: SiteContent,
  limits: RateLimits,
  {
    phase = () => {},
    cachedPages,
    blog,
    store = outputStore(),
  }: { phase?: (name: string) => void; cachedPages?: ReadonlySet<string>; blog?: readonly ArticleSummary[]; store?: OutputStore } = {},
): Promise<{ api: number; machine: number }> {
  const { catalog } = content;
  phase('static API and twins');
  const routes = await writeStaticApi(out, catalog, createPublicApi({ catalog }), store);
  const machine = await writeMachineReadable(out, content, limits, { afterTwins: () => phase('machine files'), blog, store });
  writeFileSync(join(out, '_redirects'), redirectsFile());
  writeFileSync(join(out, '_headers'), headersFile(inlineScriptHashes(out, cachedPages)));
  phase('artifacts');
  writeArtifacts(out, catalog);
  mkdirSync(join(out, ARTIFACT_DIR), { recursive: true });
  writeFileSync(join(out, STATIC_PATHS_FILE), JSON.stringify(routes));
  mkdirSync(join(out, OG_INDEX_DIR), { recursive: true });
  for (const [file, text] of ogIndexFiles(ogImageSet(catalog, NO_BLOG), catalog.build_id)) store.write(join(out, file), text);
  return { api: Object.keys(routes).length, machine };
}
