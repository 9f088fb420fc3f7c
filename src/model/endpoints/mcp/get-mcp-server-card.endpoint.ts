// GET /.well-known/mcp/server-card: the site's MCP server's card, for clients that discover servers.
import { MCP_SERVER_CARD_PATH } from '../bases.ts';
import { CACHE } from '../cache-policy.ts';
import { defineEndpoint } from '../endpoint.ts';

export const getMcpServerCard = defineEndpoint({
  id: 'getMcpServerCard',
  api: 'mcp',
  pattern: MCP_SERVER_CARD_PATH,
  methods: ['GET'],
  auth: 'none',
  cache: CACHE.public,
  cors: false,
});
