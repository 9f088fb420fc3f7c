// Netlify Functions 2.0 entry of the public API: every /api/v1 request the static files cannot answer (a query
// string, search, the blog, a missing file), rewritten here by netlify/edge-functions/api-router.ts.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '@netlify/functions';
import { loadPublicApi } from '../src/origin/load-public-api.ts';
import { CATALOG_FILE } from '../src/api/public/load-artifacts.ts';
import { unmount } from '../src/api/public/function-mount.ts';
import { connect } from '../src/store/open-store.ts';
import { createStoreArticleSource } from '../src/blog/store-article-source.ts';

// netlify.toml's `included_files` ships dist/_skribra with the function, at its path under the base directory
// (the working directory at run time); unbundled, it sits next to this folder.
const distDir = [process.env.SKRIBRA_DIST_DIR, resolve('dist'), fileURLToPath(new URL('../dist', import.meta.url))]
  .find((dir) => dir && existsSync(join(dir, CATALOG_FILE)));
if (!distDir) throw new Error(`public function: no ${CATALOG_FILE} found; was the site built, and is it in [functions] included_files?`);

// Loaded once per instance, at cold start; a mismatched artifact throws here, loudly.
// The blog (/api/v1/articles*) reads the content store live. postgres.js connects on the first query, so an
// instance that never serves the blog never opens a connection; without a database URL the blog answers 502.
const databaseUrl = process.env.DATABASE_URL || process.env.NETLIFY_DB_URL;
const { handler } = loadPublicApi(distDir, databaseUrl ? (site) => createStoreArticleSource({ sql: connect(databaseUrl, Number(process.env.SKRIBRA_DB_POOL) || 2), site }) : undefined);

export default (req: Request): Promise<Response> => handler(unmount(req));

// Literal: Netlify reads this config statically. tests/public/netlify-wiring.test.ts holds it to PUBLIC_FUNCTION_PREFIX.
export const config: Config = { path: '/_fn/public/*' };
