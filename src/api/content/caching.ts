// Keyed responses: private to the key in shared caches, revalidatable by the client with a strong ETag.
import { createHash } from 'node:crypto';

/** On every response: one account's answer must never be served to another request by a shared cache. */
export const KEYED_HEADERS = {
  vary: 'Authorization, X-Api-Key',
  'netlify-cdn-cache-control': 'no-store',
} as const;

export const CACHE_OK = 'public, max-age=60';

export const strongEtag = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): W/ prefixes are ignored. */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
