import { resolve } from 'node:path';
import { loadCatalog, contentHash, type SiteContent } from '../catalog/load-catalog.ts';
import { readConfig } from '../config.ts';

/** Where the build reads content from: `content/`, or SKRIBRA_CONTENT_DIR (benchmarks, tests). */
export const contentDir = (): string => resolve(readConfig().SKRIBRA_CONTENT_DIR);
export const siteUrl = (): string => { const c = readConfig(); return c.SITE_URL ?? `http://localhost:${c.PORT}`; };

let cached: SiteContent | undefined;

/** The site's content, loaded once per process; the build id is a hash of the catalog itself. */
export function siteContent(): SiteContent {
  if (cached) return cached;
  const loaded = loadCatalog(contentDir(), siteUrl());
  loaded.catalog.build_id = contentHash(loaded.catalog);
  cached = loaded;
  return cached;
}
