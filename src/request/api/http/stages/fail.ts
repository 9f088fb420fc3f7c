// Stage, errors: anything thrown becomes `{code, message}` (respond.ts) once, after the API maps its store's
// failures, with the base headers, the cache policy for the status, and no body for HEAD (core/conditional.ts).
import { answerOf } from '../../../../model/core/conditional.ts';
import type { CachePolicy, Headers } from '../../../../model/endpoints/cache-policy.ts';
import { ApiError } from '../api-error.ts';
import { toErrorResponse } from '../respond.ts';
import { cacheHeaders } from './cache-headers.ts';

/** What this stage needs of an API's implementation (api-implementation.ts), named here so the edge's method guard takes no more. */
interface ErrorMapping {
  mapError?: (err: unknown, req: Request) => unknown;
}

export function fail(
  req: Request,
  err: unknown,
  base: Headers,
  policy: CachePolicy | undefined,
  implementation: ErrorMapping | undefined,
): Response {
  const mapped = implementation?.mapError ? implementation.mapError(err, req) : err;
  const status = mapped instanceof ApiError ? mapped.status : 500;
  return answerOf(req, toErrorResponse(mapped, { ...base, ...cacheHeaders(policy, status) }));
}
