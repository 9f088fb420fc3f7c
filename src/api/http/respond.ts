import { ApiError } from './api-error.ts';

export type Headers = Record<string, string>;

/** JSON body with a trailing newline, so static files and function responses are byte-identical. */
export const jsonBody = (value: unknown): string => `${JSON.stringify(value)}\n`;

export function json(value: unknown, status = 200, headers: Headers = {}): Response {
  return new Response(jsonBody(value), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** Turns anything thrown by a handler into `{code, message}`; unknown errors are logged and never leak. */
export function toErrorResponse(err: unknown, headers: Headers = {}): Response {
  if (err instanceof ApiError) {
    return json({ code: err.code, message: err.message }, err.status, { ...headers, ...err.headers });
  }
  console.error('unhandled error:', err instanceof Error ? err.stack ?? err.message : err);
  return json({ code: 'internal', message: 'Something went wrong on our side.' }, 500, headers);
}

/** HEAD gets the GET response without a body. */
export function withoutBody(res: Response): Response {
  return new Response(null, { status: res.status, headers: res.headers });
}
