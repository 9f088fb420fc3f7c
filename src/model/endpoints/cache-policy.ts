// Cache headers by kind of answer: one table read by the pipeline, the static-file server and the generated
// `_headers`, so a static file and a function answer for the same URL carry the same policy. The endpoints' policies
// (registry.ts) add the CDN's cache key to those marked `keyedOnQuery` (cdn-key.ts).

import { BLOG_LISTS, taggedHeaders, tagHeaders } from '../core/cache-tags.ts';

export type Headers = Record<string, string>;

/** Success and error headers of one kind of endpoint. Errors are never `durable` and never cached long. */
export interface CachePolicy {
  ok: Headers;
  error: Headers;
  /**
   * The CDN stores these answers for everyone, keyed on the path and the query: an endpoint's copy of the policy
   * carries Netlify-Vary naming the parameters (cdn-key.ts). Not the headers below: the parameters come from the
   * registry, which holds these policies.
   */
  keyedOnQuery?: true;
}

/**
 * A 400 or 404 may be cached for 30 s by the CDN and 30 s by a browser behind it: a slug published later shows within
 * a minute. 5xx answers are never stored (the CDN may still serve its stale copy: stale-if-error).
 */
const BRIEF = { 'cache-control': 'public, max-age=30', 'netlify-cdn-cache-control': 'public, s-maxage=30' };
export const NO_STORE: Headers = { 'cache-control': 'no-store' };

export const CACHE = {
  /** The catalog: five minutes everywhere, durable on the CDN. */
  public: {
    ok: { 'cache-control': 'public, max-age=300', 'netlify-cdn-cache-control': 'public, durable, s-maxage=300, stale-while-revalidate=60' },
    error: BRIEF,
    keyedOnQuery: true,
  },
  /**
   * The blog is live: a browser revalidates after a minute; a shared cache keeps the answer until a change of the
   * blog purges its tag (src/model/core/cache-tags.ts), and serves its stale copy while the store is down. A 404 (a slug
   * published later) is brief, and purged by the same tag.
   */
  blog: {
    ok: { ...taggedHeaders([BLOG_LISTS]), 'cache-control': 'public, max-age=60, stale-while-revalidate=60, stale-if-error=86400' },
    error: { ...BRIEF, ...tagHeaders([BLOG_LISTS]) },
    keyedOnQuery: true,
  },
  /** Health says how the function is now; no cache may answer for it. */
  live: { ok: NO_STORE, error: NO_STORE },
  /** Keyed answers: revalidatable by the client, private to the key in shared caches. */
  keyed: { ok: { 'cache-control': 'public, max-age=60' }, error: NO_STORE },
  /**
   * Answers named by their content (the Open Graph images by key): the same URL can never mean other bytes, so every
   * cache may keep them for a year without asking again, and the CDN durably. A 404 is brief: the key may name a page
   * of the next deploy. Named by the path alone, so not keyed on a query.
   */
  immutable: {
    ok: {
      'cache-control': 'public, max-age=31536000, immutable',
      'netlify-cdn-cache-control': 'public, durable, s-maxage=31536000, immutable',
    },
    error: { 'cache-control': 'public, max-age=30', 'netlify-cdn-cache-control': 'public, s-maxage=30' },
  },
} satisfies Record<string, CachePolicy>;

/** The policy a failure gets: brief for 4xx, never stored for 5xx. */
export const errorHeaders = (policy: CachePolicy, status: number): Headers => (status >= 500 ? NO_STORE : policy.error);
