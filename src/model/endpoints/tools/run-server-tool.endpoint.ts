// POST /tools-api/{slug}: a free tool that runs on the server (src/request/api/tools/).
import { TOOLS_BASE } from '../bases.ts';
import { CACHE } from '../cache-policy.ts';
import { defineEndpoint } from '../endpoint.ts';
import { lazyObject } from '../lazy-object.ts';
import { slugSegment } from '../params.ts';

export const runServerTool = defineEndpoint({
  id: 'runServerTool',
  api: 'tools',
  pattern: `${TOOLS_BASE}/:slug`,
  methods: ['POST'],
  auth: 'none',
  cache: CACHE.live,
  cors: false,
  path: lazyObject({ slug: slugSegment }),
});
