// Stage, handle: the endpoint's handler called with validated values only, and what it returns made into an answer:
// JSON text with its strong ETag (or the body and ETag a handler prepared, a cached page), plus its own headers. A
// handler that speaks another protocol (MCP's JSON-RPC, with its own statuses) returns a whole Response; one whose
// bytes cost something to make (a rendered image) returns them Deferred, made only for a whole answer.
import { strongEtag } from '../../../../model/core/etag.ts';
import type { Headers } from '../../../../model/endpoints/cache-policy.ts';
import { Deferred, jsonBody, type Prepared, Reply } from '../respond.ts';
import type { Ctx, ApiImplementation } from '../api-implementation.ts';

/** A computed answer: the body (JSON text or its bytes, or how to make them), its ETag and the handler's own headers. */
export interface Computed {
  body: Prepared['body'] | (() => Promise<Uint8Array>);
  etag: string;
  headers: Headers;
}

export async function handle(implementation: ApiImplementation, ctx: Ctx): Promise<Computed | Response> {
  // The handler's ctx type is its endpoint's schemas' output, which is what validate.ts parsed ctx with.
  const result = await implementation.handlers[ctx.endpoint.id]!(ctx as Ctx<never, never, never>);
  if (result instanceof Response) return result;
  if (result instanceof Deferred) return { body: result.make, etag: result.etag, headers: { 'content-type': result.type } };
  const reply = result instanceof Reply ? result : new Reply(result);
  if (reply.prepared) return { body: reply.prepared.body, etag: reply.prepared.etag, headers: reply.headers };
  const body = jsonBody(reply.body);
  return { body, etag: strongEtag(body), headers: reply.headers };
}
