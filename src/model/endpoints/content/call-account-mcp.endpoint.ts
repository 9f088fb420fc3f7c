// POST /v1/mcp, the account-scoped MCP server (src/request/api/mcp/). JSON-RPC over Streamable HTTP, stateless and answered
// as JSON: POST only (GET would open an SSE stream a stateless server never writes to, so it is 405, which MCP
// clients expect). Not part of the OpenAPI contract (no `doc`); src/request/api/mcp/servers.ts describes it for the
// discovery files. Under /v1 so the content API's function serves it. Keyed like the rest of /v1: every message's key
// is checked by the content API's authenticate (401, and the per-address limit on failed authentications), but the
// messages count against no quota and declare no bucket (create-content-api.ts): each tool call is a /v1 request of
// its own, through the same access check, limits and buckets.
import { CONTENT_BASE } from '../bases.ts';
import { defineEndpoint } from '../endpoint.ts';
import { CACHE } from '../cache-policy.ts';

export const callAccountMcp = defineEndpoint({
  id: 'callAccountMcp',
  api: 'content',
  pattern: `${CONTENT_BASE}/mcp`,
  methods: ['POST'],
  auth: 'account-key',
  cache: CACHE.live,
  cors: false,
  module: true,
});
