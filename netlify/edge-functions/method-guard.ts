// Site pages and machine files on Netlify are static files, which the CDN would answer for any method; this answers
// the methods the registry does not declare for them with the pipeline's own site rule (the method stage's
// siteMethod): the same 405 and Allow, and for OPTIONS the same 204 and Allow, as the local origin. The APIs' own
// paths are excluded: their functions (and the /api/v1 edge router, which rewrites every non-read to the function)
// answer. Reads never come here (config.method).
import type { Config } from '@netlify/edge-functions';
import { siteMethod } from '../../src/request/api/http/stages/method.ts';

export default (req: Request): Response => {
  const answer = siteMethod(req);
  if (!answer) throw new Error(`method-guard runs for non-reads only (config.method), not ${req.method}`);
  return answer;
};

// Literal: Netlify reads this config statically. tests/public/netlify-wiring.test.ts holds it to the registry.
export const config: Config = {
  path: '/*',
  excludedPath: [
    '/api/v1',
    '/api/v1/*',
    '/v1',
    '/v1/*',
    '/tools-api',
    '/tools-api/*',
    '/mcp',
    '/mcp/*',
    '/.well-known/mcp/server-card',
    '/.well-known/mcp/server-card/*',
    '/og-image',
    '/og-image/*',
    '/signup',
    '/signup/*',
    '/_fn/*',
  ],
  method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
};
