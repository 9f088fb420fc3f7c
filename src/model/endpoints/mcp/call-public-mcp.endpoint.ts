// POST /mcp: the site's public MCP server. It sends its own open CORS headers (MCP's methods and headers, which the
// public API's do not allow).
import { MCP_BASE } from '../bases.ts';
import { CACHE } from '../cache-policy.ts';
import { defineEndpoint } from '../endpoint.ts';

export const callPublicMcp = defineEndpoint({
  id: 'callPublicMcp',
  api: 'mcp',
  pattern: MCP_BASE,
  methods: ['POST'],
  auth: 'none',
  cache: CACHE.live,
  cors: false,
});
