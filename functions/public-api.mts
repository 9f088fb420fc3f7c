// Netlify Functions 2.0 entry of the public API over the build's catalog and search index: every /api/v1 request
// the static files cannot answer (a query string, search, health, a missing file), rewritten here by
// netlify/edge-functions/api-router.ts. The blog has its own function (blog-api.mts): its store client and
// HTML->markdown code would add about 30 ms to every cold start here (`npm run bench:search`).
import type { Config } from '@netlify/functions';
import { loadPublicApi } from '../src/request/api/public/load-public-api.ts';
import { artifactDir } from '../src/request/api/public/artifact-dir.ts';
import { readConfig } from '../src/model/config.ts';
import { PUBLIC_FUNCTION_PREFIX, unmount } from '../src/request/api/public/function-mount.ts';

// Loaded once per instance, at cold start; a mismatched artifact throws here, loudly.
const { handler } = loadPublicApi(artifactDir(readConfig()));

export default (req: Request): Promise<Response> => handler(unmount(req, PUBLIC_FUNCTION_PREFIX));

// Literal: Netlify reads this config statically. tests/public/netlify-wiring.test.ts holds it to PUBLIC_FUNCTION_PREFIX.
export const config: Config = { path: '/_fn/public/*' };
