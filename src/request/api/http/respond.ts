import { ApiError } from './api-error.ts';
import { jsonBody } from '../../../model/core/json-body.ts';

type Headers = Record<string, string>;

/** JSON body with a trailing newline (core/json-body.ts, which the store's ahead-of-time answers use too). */
export { jsonBody };

export const JSON_TYPE = 'application/json; charset=utf-8';

function json(value: unknown, status = 200, headers: Headers = {}): Response {
  return new Response(jsonBody(value), { status, headers: { 'content-type': JSON_TYPE, ...headers } });
}

/** A body already serialised, with its ETag. */
export interface Prepared {
  /** JSON text, or its UTF-8 bytes (a cached answer, encoded once instead of on every write). */
  body: string | Uint8Array<ArrayBuffer>;
  etag: string;
}

/**
 * What a handler may return instead of a bare body: extra headers, or a body already serialised with its ETag (a
 * cached list page), so it is not serialised or hashed again.
 */
export class Reply {
  readonly body: unknown;
  readonly headers: Headers;
  readonly prepared?: Prepared;
  constructor(body: unknown, headers: Headers = {}, prepared?: Prepared) {
    this.body = body;
    this.headers = headers;
    this.prepared = prepared;
  }
}

/**
 * What a handler returns for a representation whose bytes are made only when the request gets them (a rendered
 * image): the pipeline's conditional stage decides 304 and HEAD from its type and ETag first, and never makes the
 * bytes for them.
 */
export class Deferred {
  readonly type: string;
  readonly etag: string;
  readonly make: () => Promise<Uint8Array>;
  constructor(type: string, etag: string, make: () => Promise<Uint8Array>) {
    this.type = type;
    this.etag = etag;
    this.make = make;
  }
}

/** Turns anything thrown into `{code, message}`; unknown errors are logged once and never leak. */
export function toErrorResponse(err: unknown, headers: Headers = {}): Response {
  if (err instanceof ApiError) {
    return json({ code: err.code, message: err.message }, err.status, { ...headers, ...err.headers });
  }
  console.error('unhandled error:', err instanceof Error ? (err.stack ?? err.message) : err);
  return json({ code: 'internal', message: 'Something went wrong on our side.' }, 500, headers);
}
