// Site pages and machine files on Netlify are static files, which the CDN would answer for any method; this answers
// the methods the registry does not declare for them with the same 405 the local origin gives, and OPTIONS with the
// same 204 and Allow. The APIs' own paths are excluded: their functions (and the /api/v1 edge router, which rewrites
// every non-read to the function) answer.
import type { Config } from '@netlify/edge-functions';
import { allowedMethods, SITE_METHODS } from '../../src/api/registry.ts';
import { DATA_SECURITY } from '../../src/core/security-headers.ts';

const allow = allowedMethods({ methods: SITE_METHODS }).join(', ');

export default (req: Request): Response =>
  req.method === 'OPTIONS'
    ? new Response(null, { status: 204, headers: { allow, ...DATA_SECURITY } })
    : new Response(`${JSON.stringify({ code: 'method_not_allowed', message: `${req.method} is not allowed here; use GET or HEAD.` })}\n`, {
        status: 405,
        headers: { 'content-type': 'application/json; charset=utf-8', allow, 'cache-control': 'no-store', ...DATA_SECURITY },
      });

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
    '/_fn/*',
  ],
  method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
};
