import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPipeline } from '../http/pipeline.ts';
import { publicImplementation } from './create-public-api.ts';
import { loadArtifacts } from './load-artifacts.ts';
import type { ArticleSource } from './article-source.ts';

/**
 * The public API over a build's artifacts; throws (loudly) when they are missing or mismatched. `articles` may be a
 * factory given the build's site URL, so blog article urls match the site the artifacts were built for. Gives the
 * implementation (for an origin that runs several APIs) and the handler (for a function that runs this one).
 */
export function loadPublicApi(distDir: string, articles?: ArticleSource | ((site: string) => ArticleSource)) {
  const { catalog, index } = loadArtifacts((file) => readFileSync(join(distDir, file), 'utf8'));
  const source = typeof articles === 'function' ? articles(catalog.site_url) : articles;
  const implementation = publicImplementation({ catalog, index, articles: source });
  return { catalog, implementation, handler: createPipeline({ apis: { public: implementation } }) };
}
