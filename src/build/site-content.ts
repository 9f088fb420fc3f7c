import { resolve } from 'node:path';
import { loadCatalog, contentHash, type SiteContent } from '../catalog/load-catalog.ts';

/** Where the build reads content from: `content/`, or SKRIBRA_CONTENT_DIR (benchmarks, tests). */
export const contentDir = (): string => resolve(process.env.SKRIBRA_CONTENT_DIR || 'content');
export const siteUrl = (): string => process.env.SITE_URL || `http://localhost:${process.env.PORT ?? 4321}`;

let cached: SiteContent | undefined;

/** The site's content, loaded once per process; the build id is a hash of the catalog itself. */
export function siteContent(): SiteContent {
  if (cached) return cached;
  const loaded = loadCatalog(contentDir(), siteUrl());
  loaded.catalog.build_id = contentHash(loaded.catalog);
  cached = loaded;
  return cached;
}
