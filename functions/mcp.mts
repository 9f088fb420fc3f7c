// Netlify Functions 2.0 entry of the public MCP server (/mcp) and the MCP server cards (/.well-known/mcp/server-card*):
// the MCP runtime over the public API's runtime, in one pipeline, so each tool call is answered by the same handlers
// over the same artifacts as /api/v1. The function has no site in its pipeline: get_page and the resources read the
// site's markdown twins and llms.txt from the CDN, at this request's own origin. The account server (/v1/mcp) is
// part of the content API's function.
import type { Config } from '@netlify/functions';
import { createPipeline } from '../src/api/http/pipeline.ts';
import { loadPublicApi } from '../src/api/public/load-public-api.ts';
import { artifactDir } from '../src/api/public/artifact-dir.ts';
import { readConfig } from '../src/config.ts';
import { mcpRuntime } from '../src/api/mcp/mcp-runtime.ts';

// Loaded once per instance, at cold start; a mismatched artifact throws here, loudly.
const { catalog, runtime } = loadPublicApi(artifactDir(readConfig()));
const handler = createPipeline({ apis: { public: runtime, mcp: mcpRuntime({ site: catalog.site_url, readSite: (req) => fetch(req) }) } });

export default (req: Request): Promise<Response> => handler(req);

// Literal: Netlify reads this config statically. tests/mcp/netlify.test.ts holds it to NETLIFY_PATHS.mcp.
export const config: Config = { path: ['/mcp', '/mcp/*', '/.well-known/mcp/server-card', '/.well-known/mcp/server-card/*'] };
