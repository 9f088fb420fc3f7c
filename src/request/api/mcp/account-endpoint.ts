// POST /v1/mcp, the account server's endpoint: a handler of the content API (its handler table binds it), so the
// content function serves it. Each tool call is a /v1 request made through `ctx.dispatch`, the pipeline the MCP
// request came through, carrying the caller's key and address.
import type { Ctx } from '../http/pipeline.ts';
import { CLIENT_ADDRESS } from '../http/client-address.ts';
import { accountServer } from './account-server.ts';
import { createConcurrencyLimit } from './concurrency-limit.ts';
import { serveMcp } from './serve-mcp.ts';
import type { CardSource } from './server-card.ts';
import { MCP_SERVERS } from './servers.ts';
import { apiUrl, type Query } from './tool-result.ts';

/** Never reached: a card lists a server's primitives and calls nothing. */
export const UNCALLED = () => Promise.reject(new Error('a server card calls no tool'));

export const accountCard = (site: string): CardSource => ({
  facts: MCP_SERVERS.account,
  site,
  build: () => accountServer({ call: UNCALLED }, accountCard(site)),
});

/**
 * The account server's requests, apart from the public server's (concurrency-limit.ts). Eight at a time per process, not one:
 * its tool calls wait on the store, each counted against the caller's own quota, so one customer's slow call must
 * not hold every other customer's behind it; each still starts on a turn of its own.
 */
const concurrency = createConcurrencyLimit(8);

/** Headers a tool call's request carries over from the MCP request: the key, and the address the adapter stamped. */
const CARRIED = ['authorization', 'x-api-key', CLIENT_ADDRESS];

/**
 * POST /v1/mcp. The pipeline has checked the request's key as for any /v1 request (account-key auth: 401 for a missing,
 * malformed, unknown or revoked key, 429 for an address past its failed authentications); each tool call carries the
 * same headers, so it is checked again and counted as the /v1 request it is.
 */
export function callAccountMcp({ req, url, dispatch }: Ctx): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of CARRIED) {
    const value = req.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  const call = (path: string, query?: Query) => dispatch(new Request(apiUrl(url.origin, path, query), { headers }));
  return serveMcp(() => accountServer({ call }, accountCard(url.origin)), req, concurrency);
}
