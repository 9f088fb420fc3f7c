// GET /.well-known/mcp/server-card/{slug}: another MCP server's card by its key (the account server's).
import { MCP_SERVER_CARD_PATH } from '../bases.ts';
import { CACHE } from '../cache-policy.ts';
import { defineEndpoint } from '../endpoint.ts';
import { lazyObject } from '../lazy-object.ts';
import { slugSegment } from '../params.ts';

export const getMcpServerCardOf = defineEndpoint({
  id: 'getMcpServerCardOf',
  api: 'mcp',
  pattern: `${MCP_SERVER_CARD_PATH}/:slug`,
  methods: ['GET'],
  auth: 'none',
  cache: CACHE.public,
  cors: false,
  path: lazyObject({ slug: slugSegment }),
});
