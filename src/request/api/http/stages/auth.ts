// Stage, auth: for an `account-key` endpoint, the key from the request under the one rule for its two headers
// (request-key.ts; none, or a malformed Authorization: 401) checked by the API's `authenticate` (an unknown or revoked
// key: 401). Open endpoints pass with no access.
import type { Endpoint } from '../../../../model/endpoints/registry.ts';
import { ApiError } from '../api-error.ts';
import { addressOf } from '../client-address.ts';
import { requestKey } from '../request-key.ts';
import type { ApiImplementation } from '../api-implementation.ts';
import type { Validated } from './validate.ts';

export const unauthorized = () =>
  new ApiError(
    401,
    'unauthorized',
    'A valid API key is required: send Authorization: Bearer <key> or X-Api-Key: <key> (an Authorization header, when sent, decides).',
    {
      'www-authenticate': 'Bearer realm="skribra"',
    },
  );

/** The API's access for this request (whose key it is), or undefined for an open endpoint. */
export async function auth(
  req: Request,
  implementation: ApiImplementation,
  endpoint: Endpoint,
  { params, query }: Validated,
): Promise<unknown> {
  if (endpoint.auth !== 'account-key') return undefined;
  const key = requestKey(req);
  if (!key) throw unauthorized();
  return implementation.authenticate!({ key, endpoint, params, query, address: addressOf(req) });
}
