// Netlify Functions 2.0 entry of the public blog routes (/api/v1/articles*), rewritten here by
// netlify/edge-functions/api-router.ts: the public API handler with the content store behind it, apart from
// public-api.mts so that function's cold start does not pay for the store client and HTML->markdown code.
import type { Config } from '@netlify/functions';
import { databaseUrl, readConfig } from '../src/model/config.ts';
import { loadPublicApi } from '../src/request/api/public/load-public-api.ts';
import { artifactDir } from '../src/request/api/public/artifact-dir.ts';
import { BLOG_FUNCTION_PREFIX, unmount } from '../src/request/api/public/function-mount.ts';
import { connect } from '../src/store/open-store.ts';
import { createStoreArticleSource } from '../src/request/blog/store-article-source.ts';

// The blog reads the content store live. postgres.js connects on the first query; without a database URL the
// blog answers 502 upstream_unavailable.
const env = readConfig();
const url = databaseUrl(env);
const { handler } = loadPublicApi(
  artifactDir(env),
  url
    ? (site) =>
        createStoreArticleSource({
          sql: connect(url, env.SKRIBRA_DB_POOL ?? 2, env),
          site,
          projectId: env.SKRIBRA_BLOG_PROJECT_ID,
          timeoutMs: env.SKRIBRA_BLOG_TIMEOUT_MS,
        })
    : undefined,
);

export default (req: Request): Promise<Response> => handler(unmount(req, BLOG_FUNCTION_PREFIX));

// Literal: Netlify reads this config statically. tests/public/netlify-wiring.test.ts holds it to BLOG_FUNCTION_PREFIX.
export const config: Config = { path: '/_fn/blog/*' };
