// The MCP servers as handlers of the one pipeline. The public server and the server cards are the `mcp` API (/mcp,
// /.well-known/mcp/server-card*); the account server is an endpoint of the content API (/v1/mcp), bound in its
// handler table (src/api/content/create-content-api.ts), so the content function serves it with the same gate.
// Each tool call is a request made through `ctx.dispatch`, the pipeline the MCP request came through.
import { notFound } from '../http/api-error.ts';
import type { HandlersOf } from '../http/handlers-of.ts';
import type { Runtime } from '../http/pipeline.ts';
import { allowedMethods, type Endpoint } from '../registry.ts';
import { accountCard, UNCALLED } from './account-endpoint.ts';
import { serveMcp } from './serve-mcp.ts';
import { serverCard, type CardSource } from './server-card.ts';
import { MCP_SERVERS } from './servers.ts';
import { siteServer } from './site-server.ts';
import { apiUrl, type Query } from './tool-result.ts';

export interface McpRuntimeDeps {
  /** The site the build is for (catalog.site_url). */
  site: string;
  /**
   * Reads a file of the site (markdown twins, llms.txt): by default the pipeline itself, which serves the site on the
   * local origin; a Netlify function has no site in its pipeline and passes `fetch` (the CDN answers).
   */
  readSite?: (req: Request) => Promise<Response>;
}

const JSON_ACCEPT = { accept: 'application/json' };

export const siteCard = (site: string): CardSource => ({
  facts: MCP_SERVERS.site,
  site,
  build: () => siteServer({ site, origin: site, api: UNCALLED, readSite: UNCALLED }, siteCard(site)),
});

/**
 * Open CORS on everything the MCP API answers (the SEP asks it of server cards; browser-based MCP clients need it of
 * /mcp), with MCP's own request headers allowed. The account server, under /v1, never sends CORS headers.
 */
const cors = (endpoint: Endpoint | undefined) => ({
  'access-control-allow-origin': '*',
  'access-control-allow-methods': allowedMethods(endpoint ?? { methods: ['GET'] }).join(', '),
  'access-control-allow-headers': 'Accept, Content-Type, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-Id',
  'access-control-expose-headers': 'Mcp-Session-Id, ETag',
  'access-control-max-age': '86400',
});

export function mcpRuntime({ site, readSite }: McpRuntimeDeps): Runtime {
  const handlers: HandlersOf<'mcp'> = {
    callPublicMcp: ({ req, url, dispatch }) => {
      const api = (path: string, query?: Query) => dispatch(new Request(apiUrl(url.origin, path, query), { headers: JSON_ACCEPT }));
      const file = (path: string) => (readSite ?? dispatch)(new Request(`${url.origin}${path}`));
      return serveMcp(siteServer({ site, origin: url.origin, api, readSite: file }, siteCard(site)), req);
    },
    getMcpServerCard: () => serverCard(siteCard(site)),
    getMcpServerCardOf: ({ params: { slug } }) => {
      if (slug !== MCP_SERVERS.account.key) throw notFound(`MCP server card named "${slug}"`);
      return serverCard(accountCard(site));
    },
  };
  return { handlers, headers: cors };
}
