import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPublicApi } from '../request/api/public/create-public-api.ts';
import { ARTIFACT_DIR, STATIC_PATHS_FILE } from '../request/api/public/load-artifacts.ts';
import type { SiteContent } from '../model/catalog/load-catalog.ts';
import type { RateLimits } from '../request/api/content/limits.ts';
import { NO_BLOG } from '../request/blog/build-blog.ts';
import type { ArticleSummary } from '../request/api/public/article-source.ts';
import { ogImageSet } from '../request/seo/og-image-set.ts';
import { ogIndexFiles, OG_INDEX_DIR } from '../request/seo/og-image-index.ts';
import { headersFile, redirectsFile } from './netlify-files.ts';
import { inlineScriptHashes } from './inline-script-hashes.ts';
import { writeArtifacts } from './write-artifacts.ts';
import { writeMachineReadable } from './write-machine-readable.ts';
import { writeStaticApi } from './write-static-api.ts';
import { outputStore, type OutputStore } from '../model/core/output-store.ts';

/**
 * Everything that is not an HTML page or an image, written straight from the catalog (DESIGN rule 8): the static API
 * (by calling the public handlers), the markdown twins, the machine-readable files, the Netlify routing files, the
 * function's artifacts and the image API's index. `npm run dev` writes them into its own folder on every content
 * change; the build writes the catalog's part beside the page render (catalog-outputs-beside.ts) and the Netlify
 * files once the pages are written. `cachedPages`: see writeNetlifyFiles.
 */
export async function writeOutputs(
  out: string,
  content: SiteContent,
  limits: RateLimits,
  { cachedPages, ...options }: CatalogOutputOptions & { cachedPages?: ReadonlySet<string> } = {},
): Promise<{ api: number; machine: number }> {
  const written = await writeCatalogOutputs(out, content, limits, options);
  writeNetlifyFiles(out, cachedPages);
  return written;
}

export interface CatalogOutputOptions {
  /** Names each step as it starts (the build's phase table, build-phases.ts). */
  phase?: (name: string) => void;
  blog?: readonly ArticleSummary[];
  /** Keeps the static API's files and the twins for the next build (output-store.ts). */
  store?: OutputStore;
}

/**
 * What the catalog alone decides, nothing of the rendered pages: the static API, the twins, the machine-readable
 * files, the function's artifacts and the image API's index. `limits` are the content API's (the OpenAPI document
 * states them).
 */
export async function writeCatalogOutputs(
  out: string,
  content: SiteContent,
  limits: RateLimits,
  { phase = () => {}, blog, store = outputStore() }: CatalogOutputOptions = {},
): Promise<{ api: number; machine: number }> {
  const { catalog } = content;
  phase('static API and twins');
  const routes = await writeStaticApi(out, catalog, createPublicApi({ catalog }), store);
  const machine = await writeMachineReadable(out, content, limits, { afterTwins: () => phase('machine files'), blog, store });
  phase('artifacts');
  writeArtifacts(out, catalog);
  mkdirSync(join(out, ARTIFACT_DIR), { recursive: true });
  writeFileSync(join(out, STATIC_PATHS_FILE), JSON.stringify(routes));
  mkdirSync(join(out, OG_INDEX_DIR), { recursive: true });
  for (const [file, text] of ogIndexFiles(ogImageSet(catalog, NO_BLOG), catalog.build_id)) store.write(join(out, file), text);
  return { api: Object.keys(routes).length, machine };
}

/**
 * Netlify's `_redirects` and `_headers`, whose Content-Security-Policy hashes the inline scripts of the written pages:
 * `cachedPages`, the pages the build took from its cache (term-page-cache.ts), need not be read for them
 * (inline-script-hashes.ts).
 */
export function writeNetlifyFiles(out: string, cachedPages?: ReadonlySet<string>): void {
  writeFileSync(join(out, '_redirects'), redirectsFile());
  writeFileSync(join(out, '_headers'), headersFile(inlineScriptHashes(out, cachedPages)));
}
