// The one error type every handler throws. `toErrorResponse` (respond.ts) is the one place it becomes
// `{code, message}` on the wire; the codes are exactly those of spec section 7 plus our own few.
export type ErrorCode =
  | 'invalid_query'
  | 'invalid_body'
  | 'unauthorized'
  | 'project_api_disabled'
  | 'project_not_found'
  | 'not_found'
  | 'method_not_allowed'
  | 'forbidden_origin'
  | 'payload_too_large'
  | 'rate_limited'
  | 'upstream_unavailable'
  | 'unavailable'
  | 'internal';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;

  constructor(status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

export const notFound = (what: string) => new ApiError(404, 'not_found', `No ${what} found.`);
export const invalidQuery = (param: string, reason: string) => new ApiError(400, 'invalid_query', `Query parameter "${param}" ${reason}.`);
