// Stage, limit: an authenticated request held to its API's quotas (the content API's per-account rate limits). The
// quota headers join the answer's headers, errors included; over a quota the API throws 429 with Retry-After.
import type { Endpoint } from '../../../../model/endpoints/registry.ts';
import type { Headers } from '../../../../model/endpoints/cache-policy.ts';
import type { ApiImplementation } from '../api-implementation.ts';

/** The quota headers for this request (none for an open endpoint); throws the API's 429 when it is over a quota. */
export function limit(implementation: ApiImplementation, endpoint: Endpoint, access: unknown): Headers {
  return endpoint.auth === 'account-key' && implementation.limit ? implementation.limit(access as never, endpoint) : {};
}
