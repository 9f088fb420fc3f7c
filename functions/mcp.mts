// Netlify Functions 2.0 entry of the public MCP server (/mcp) and the MCP server cards (/.well-known/mcp/server-card*):
// the MCP runtime over the public API's implementation, in one pipeline, so each tool call is answered by the same handlers
// over the same artifacts as /api/v1. The function has no site in its pipeline: get_page and the resources read the
// site's markdown twins and llms.txt from the CDN, at this deploy's own URL (DEPLOY_URL, else the site's), never at
// the request's Host. The platform enforces the per-address limit through `rateLimit` (the local origin enforces the
// same numbers in memory). The account server (/v1/mcp) is part of the content API's function.
import type { Config } from '@netlify/functions';
import { createPipeline } from '../src/request/api/http/pipeline.ts';
import { loadPublicApi } from '../src/request/api/public/load-public-api.ts';
import { artifactDir } from '../src/request/api/public/artifact-dir.ts';
import { readConfig } from '../src/model/config.ts';
import { mcpImplementation } from '../src/request/api/mcp/mcp-implementation.ts';

// Loaded once per instance, at cold start; a mismatched artifact throws here, loudly.
const env = readConfig();
const { catalog, implementation } = loadPublicApi(artifactDir(env));
const mcp = mcpImplementation({
  site: catalog.site_url,
  aliases: [env.URL, env.DEPLOY_PRIME_URL, env.DEPLOY_URL],
  home: env.DEPLOY_URL ?? catalog.site_url,
  readSite: (req) => fetch(req),
});
const handler = createPipeline({ apis: { public: implementation, mcp } });

export default (req: Request): Promise<Response> => handler(req);

// Literal: Netlify reads this config statically. tests/mcp/netlify.test.ts holds path to NETLIFY_PATHS.mcp and
// rateLimit to MCP_RATE_LIMIT.
export const config: Config = {
  path: ['/mcp', '/mcp/*', '/.well-known/mcp/server-card', '/.well-known/mcp/server-card/*'],
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
