// POST /v1/mcp, the account-scoped MCP server (src/api/mcp/). JSON-RPC over Streamable HTTP, stateless and answered
// as JSON: POST only (GET would open an SSE stream a stateless server never writes to, so it is 405, which MCP
// clients expect). Not part of the OpenAPI contract (no `doc`); src/api/mcp/servers.ts describes it for the
// discovery files. Under /v1 so the content API's function serves it; it declares no pipeline auth because the
// pipeline would count every JSON-RPC message against a quota: it refuses a request without a key itself, and each
// tool call is a /v1 request of its own, through the same gate, limits and buckets.
import { CONTENT_BASE } from '../bases.ts';
import { defineEndpoint } from '../endpoint.ts';
import { CACHE } from '../http/cache-policy.ts';

export const callAccountMcp = defineEndpoint({
  id: 'callAccountMcp',
  api: 'content',
  pattern: `${CONTENT_BASE}/mcp`,
  methods: ['POST'],
  auth: 'none',
  cache: CACHE.live,
  cors: false,
  module: true,
});
