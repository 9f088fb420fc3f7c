// Netlify Functions 2.0 entry of the server tools (POST /tools-api/{slug}). The platform enforces the per-IP limit
// through `rateLimit` (the local origin enforces the same numbers in memory); the handler checks origin, size and
// input. The catalog comes from the build: netlify.toml's `included_files` ships dist/_skribra with the function.
import type { Config, Context } from '@netlify/functions';
import { readConfig } from '../src/model/config.ts';
import { loadPublicApi } from '../src/request/api/public/load-public-api.ts';
import { artifactDir } from '../src/request/api/public/artifact-dir.ts';
import { createToolsApi } from '../src/request/api/tools/create-tools-api.ts';
import { withClientAddress } from '../src/request/api/http/client-address.ts';

const env = readConfig();
const { catalog } = loadPublicApi(artifactDir(env));
// The production site, plus this deploy's own URL so a deploy preview's tool pages can use its tools.
const { URL, DEPLOY_PRIME_URL, DEPLOY_URL } = env;
const siteOrigins = [catalog.site_url, URL, DEPLOY_PRIME_URL, DEPLOY_URL].filter((o): o is string => !!o);
const handler = createToolsApi({ catalog, siteOrigins });

export default (req: Request, context: Context): Promise<Response> => handler(withClientAddress(req, context?.ip));

// Literal: Netlify reads this config statically. tests/tools/tools-api.test.ts holds rateLimit to TOOLS_RATE_LIMIT.
export const config: Config = {
  path: ['/tools-api', '/tools-api/*'],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
