// The MCP servers as handlers of the one pipeline. The public server and the server cards are the `mcp` API (/mcp,
// /.well-known/mcp/server-card*); the account server is an endpoint of the content API (/v1/mcp), bound in its
// handler table (src/request/api/content/create-content-api.ts), so the content function serves it with the same access check.
// Each tool call is a request made through `ctx.dispatch`, the pipeline the MCP request came through.
// Nothing here trusts the request's Host: the site is the configured one (catalog.site_url and the aliases the
// entry point read from its config), and the site's files are read from the configured origin.
import { ApiError, notFound } from '../http/api-error.ts';
import { addressOf } from '../http/client-address.ts';
import type { HandlersOf } from '../http/handlers-of.ts';
import type { ApiImplementation } from '../http/pipeline.ts';
import { createRateLimiter } from '../http/sliding-window.ts';
import type { Endpoint } from '../../../model/endpoints/registry.ts';
import { allowedMethods } from '../../../model/endpoints/methods.ts';
import { accountCard, UNCALLED } from './account-endpoint.ts';
import { createConcurrencyLimit } from './concurrency-limit.ts';
import { serveMcp } from './serve-mcp.ts';
import { serverCard, type CardSource } from './server-card.ts';
import { MCP_SERVERS } from './servers.ts';
import { siteServer } from './site-server.ts';
import { apiUrl, type Query } from './tool-result.ts';

export interface McpImplementationDeps {
  /** The site the build is for (catalog.site_url): resource URIs, and the pages get_page accepts. */
  site: string;
  /**
   * Other origins of this same site, from the entry point's config (on Netlify its URL, DEPLOY_PRIME_URL and
   * DEPLOY_URL); get_page accepts their pages too. Unset ones are skipped.
   */
  aliases?: readonly (string | undefined)[];
  /**
   * Reads a file of the site (markdown twins, llms.txt): by default the pipeline itself, which serves the site on the
   * local origin; a Netlify function has no site in its pipeline and passes `fetch` (the CDN answers).
   */
  readSite?: (req: Request) => Promise<Response>;
  /** The origin `readSite` asks: this deploy's own (DEPLOY_URL on Netlify); by default `site`. Never the request's. */
  home?: string;
  /** The in-process per-address limit (local origin). Leave out where the platform limits (Netlify's `rateLimit`). */
  rateLimit?: { windowLimit: number; windowSize: number };
}

const JSON_ACCEPT = { accept: 'application/json' };

export const siteCard = (site: string): CardSource => ({
  facts: MCP_SERVERS.site,
  site,
  build: () => siteServer({ site, origins: [site], api: UNCALLED, readSite: UNCALLED }, siteCard(site)),
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

export function mcpImplementation({ site, aliases = [], readSite, home = site, rateLimit }: McpImplementationDeps): ApiImplementation {
  const origins = [...new Set([site, ...aliases].filter((o): o is string => !!o).map((o) => new URL(o).origin))];
  const base = new URL(home).origin;
  const limiter = rateLimit && createRateLimiter(rateLimit);
  // One public MCP request at a time in this process (concurrency-limit.ts); the account server has a limit of its own.
  const concurrency = createConcurrencyLimit();
  /** Every handler of this API counts against the limit, as every request to the Netlify function does. */
  const limited =
    <C extends { req: Request }>(handle: (ctx: C) => unknown) =>
    (ctx: C): unknown => {
      const wait = limiter?.hit(addressOf(ctx.req) ?? 'unknown') ?? 0;
      if (wait)
        throw new ApiError(429, 'rate_limited', `Too many MCP requests from this address; retry in ${wait} s.`, {
          'retry-after': String(wait),
        });
      return handle(ctx);
    };
  const handlers: HandlersOf<'mcp'> = {
    callPublicMcp: limited(({ req, dispatch }) => {
      const api = (path: string, query?: Query) => dispatch(new Request(apiUrl(site, path, query), { headers: JSON_ACCEPT }));
      const file = (path: string) => (readSite ?? dispatch)(new Request(`${base}${path}`));
      return serveMcp(() => siteServer({ site, origins, api, readSite: file }, siteCard(site)), req, concurrency);
    }),
    getMcpServerCard: limited(() => serverCard(siteCard(site))),
    getMcpServerCardOf: limited(({ params: { slug } }) => {
      if (slug !== MCP_SERVERS.account.key) throw notFound(`MCP server card named "${slug}"`);
      return serverCard(accountCard(site));
    }),
  };
  return { handlers, headers: cors };
}
