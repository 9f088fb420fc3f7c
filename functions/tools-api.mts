// Netlify Functions 2.0 entry of the server tools (POST /tools-api/{slug}). The platform enforces the per-IP limit
// through `rateLimit` (the local origin enforces the same numbers in memory); the handler checks origin, size and
// input. The catalog comes from the build: netlify.toml's `included_files` ships dist/_skribra with the function.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config, Context } from '@netlify/functions';
import { loadPublicApi } from '../src/origin/load-public-api.ts';
import { CATALOG_FILE } from '../src/api/public/load-artifacts.ts';
import { createToolsApi } from '../src/api/tools/create-tools-api.ts';

const distDir = [process.env.SKRIBRA_DIST_DIR, resolve('dist'), fileURLToPath(new URL('../dist', import.meta.url))]
  .find((dir) => dir && existsSync(join(dir, CATALOG_FILE)));
if (!distDir) throw new Error(`tools function: no ${CATALOG_FILE} found; was the site built, and is it in [functions] included_files?`);

const { catalog } = loadPublicApi(distDir);
// The production site, plus this deploy's own URL so a deploy preview's tool pages can use its tools.
const siteOrigins = [catalog.site_url, process.env.URL, process.env.DEPLOY_PRIME_URL, process.env.DEPLOY_URL].filter((o): o is string => !!o);
const handler = createToolsApi({ catalog, siteOrigins });

export default (req: Request, _context: Context): Promise<Response> => handler(req);

// Literal: Netlify reads this config statically. tests/tools/tools-api.test.ts holds rateLimit to TOOLS_RATE_LIMIT.
export const config: Config = {
  path: '/tools-api/:slug',
  method: ['POST', 'OPTIONS'],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
