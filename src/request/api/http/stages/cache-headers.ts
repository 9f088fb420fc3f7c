// Stage, cache headers: the cache policy an answer carries, from the endpoint's declared policy (cache-policy.ts):
// its success headers for a 2xx or 304, brief ones for a 4xx, never stored for a 5xx or where no endpoint is.
import { errorHeaders, NO_STORE, type CachePolicy, type Headers } from '../../../../model/endpoints/cache-policy.ts';

export function cacheHeaders(policy: CachePolicy | undefined, status: number): Headers {
  if (status >= 400) return policy ? errorHeaders(policy, status) : NO_STORE;
  return policy?.ok ?? {};
}
