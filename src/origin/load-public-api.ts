import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPublicApi } from '../api/public/create-public-api.ts';
import { loadArtifacts } from '../api/public/load-artifacts.ts';
import type { ArticleSource } from '../api/public/article-source.ts';

/**
 * The public function over a build's artifacts; throws (loudly) when they are missing or mismatched. `articles`
 * may be a factory given the build's site URL, so blog article urls match the site the artifacts were built for.
 */
export function loadPublicApi(distDir: string, articles?: ArticleSource | ((site: string) => ArticleSource)) {
  const { catalog, index } = loadArtifacts((file) => readFileSync(join(distDir, file), 'utf8'));
  const source = typeof articles === 'function' ? articles(catalog.site_url) : articles;
  return { catalog, handler: createPublicApi({ catalog, index, articles: source }) };
}
