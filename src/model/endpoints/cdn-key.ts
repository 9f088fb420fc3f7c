// The CDN's cache key, derived from the registry. Netlify keys a stored answer on the query parameters Netlify-Vary
// names and on nothing else in the query, so a tracking parameter the API ignores (utm_source, fbclid) does not split
// the cache. Those are the parameters of the endpoints whose policy is `keyedOnQuery`; since the registry's entries
// hold the policies, the registry adds the header to them once it is built (there is no hand list to keep).
import type { CachePolicy } from './cache-policy.ts';
import type { LazyObject } from './lazy-object.ts';

interface Keyed {
  cache: CachePolicy;
  query?: LazyObject;
}

/** Every query parameter an endpoint whose answer the CDN stores by query reads, sorted. */
export const cdnQueryParams = (entries: readonly Keyed[]): string[] =>
  [...new Set(entries.filter((e) => e.cache.keyedOnQuery).flatMap((e) => e.query?.keys ?? []))].sort();

/**
 * Gives each entry whose policy is keyed on the query that policy with Netlify-Vary on its success and error headers;
 * the entries sharing a policy share the result, as they shared the policy.
 */
export function withCdnKey(params: readonly string[]): <E extends Keyed>(entry: E) => E {
  const vary = { 'netlify-vary': `query=${params.join('|')}` };
  const keyed = new Map<CachePolicy, CachePolicy>();
  const of = (p: CachePolicy) => keyed.get(p) ?? keyed.set(p, { ...p, ok: { ...p.ok, ...vary }, error: { ...p.error, ...vary } }).get(p)!;
  return (entry) => (entry.cache.keyedOnQuery ? { ...entry, cache: of(entry.cache) } : entry);
}
