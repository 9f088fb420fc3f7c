// Stage, conditional: every answer of the pipeline passes through the one decision on conditional requests and HEAD
// (core/conditional.ts), which the local origin's build files, its memo, the markdown twins, the Netlify edge
// functions and the Netlify harness's static store make too. A computed answer is decided before its body is made:
// a deferred body (a rendered image) is never made for a 304 or a HEAD. A 304 carries no content type, as it has no
// content.
import { verdictOf } from '../../../../model/core/conditional.ts';
import { JSON_TYPE } from '../respond.ts';
import type { Computed } from './handle.ts';

/** A computed 200 with its ETag (JSON unless the handler's headers name another type), through the verdict. */
export function computedResponse(req: Request, { body, etag, headers }: Computed): Response | Promise<Response> {
  const verdict = verdictOf(req, 200, etag);
  const { 'content-type': type = JSON_TYPE, ...rest } = headers;
  const all = { ...rest, etag };
  if (verdict === 'not-modified') return new Response(null, { status: 304, headers: all });
  const whole = { 'content-type': type, ...all };
  if (verdict === 'headers-only') return new Response(null, { status: 200, headers: whole });
  if (typeof body !== 'function') return new Response(body, { status: 200, headers: whole });
  return body().then((bytes) => new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers: whole }));
}
