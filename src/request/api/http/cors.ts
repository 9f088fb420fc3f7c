// The public API is open to any origin (spec section 5); the keyed API never sends CORS headers at all.
import { DATA_SECURITY } from '../../../model/core/security-headers.ts';
export const OPEN_CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'Accept, Content-Type, If-None-Match',
  'access-control-expose-headers': 'ETag, Link',
  'access-control-max-age': '86400',
} as const;

export function preflight(): Response {
  return new Response(null, { status: 204, headers: { ...DATA_SECURITY, ...OPEN_CORS } });
}
