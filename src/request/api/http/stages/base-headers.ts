// The headers every answer of an API carries, errors included, before its cache policy: the data answers' security
// headers, the open CORS of the public API, and the API's own (the content API's Vary and quota policy).
import { DATA_SECURITY } from '../../../../model/core/security-headers.ts';
import type { Api, Endpoint } from '../../../../model/endpoints/registry.ts';
import type { Headers } from '../../../../model/endpoints/cache-policy.ts';
import { OPEN_CORS } from '../cors.ts';
import type { ApiImplementation } from '../api-implementation.ts';

export function baseHeaders(api: Api, implementation: ApiImplementation | undefined, endpoint: Endpoint | undefined): Headers {
  return { ...DATA_SECURITY, ...(api === 'public' ? OPEN_CORS : {}), ...implementation?.headers?.(endpoint) };
}
