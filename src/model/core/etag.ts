// One strong validator for every answer, static or computed: the same bytes get the same ETag whichever path served
// them (a static file, the public function, the content API). Web Crypto is not used because it is async and the
// static-file table is built synchronously; node:crypto exists on every runtime we deploy to (Node, Netlify).
import { createHash } from 'node:crypto';

/** A strong ETag of a body: the first 32 base64url characters of its SHA-256. */
export const strongEtag = (body: string | Uint8Array): string => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** Site pages, machine files and markdown twins: kept, but revalidated against their ETag on every use. */
export const REVALIDATE = { 'cache-control': 'public, max-age=0, must-revalidate' } as const;

/**
 * Whether `If-None-Match` matches (RFC 9110 13.1.2): `*` matches any current representation; otherwise a list of
 * entity tags compared weakly, so `W/"x"` matches `"x"`.
 */
export function ifNoneMatchHits(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  const value = header.trim();
  if (value === '*') return true;
  return value.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
