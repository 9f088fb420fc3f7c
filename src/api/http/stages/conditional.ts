// Stage, conditional: the one decision on conditional requests and HEAD (RFC 9110 13.1.2 and 9.3.2), for every
// answer the origin gives: computed answers (the pipeline), build files (origin/static-files.ts) and the local
// origin's memo of file answers (origin/answer-memo.ts). A 200 whose ETag the client already holds is 304 with the
// answer's headers and no body; HEAD gets every header of the answer and no body. Each caller builds its own kind of
// response from the verdict; the verdict is a constant, so the memo's hot path allocates nothing for it.
import { ifNoneMatchHits } from '../../../core/etag.ts';
import { JSON_TYPE } from '../respond.ts';
import type { Computed } from './handle.ts';

/** What the request gets of the answer: 304, its headers alone (HEAD), or all of it. */
export type Verdict = 'not-modified' | 'headers-only' | 'whole';

export function conditional(
  method: string | undefined,
  ifNoneMatch: string | null | undefined,
  status: number,
  etag: string | undefined,
): Verdict {
  if (status === 200 && etag !== undefined && ifNoneMatchHits(ifNoneMatch, etag)) return 'not-modified';
  return method === 'HEAD' ? 'headers-only' : 'whole';
}

/** A computed 200 as JSON with its ETag, through the verdict: a 304 carries no content type, as it has no content. */
export function computedResponse(req: Request, { body, etag, headers }: Computed): Response {
  const all = { ...headers, etag };
  const verdict = conditional(req.method, req.headers.get('if-none-match'), 200, etag);
  if (verdict === 'not-modified') return new Response(null, { status: 304, headers: all });
  return new Response(verdict === 'headers-only' ? null : body, { status: 200, headers: { 'content-type': JSON_TYPE, ...all } });
}

/** Any other answer (an error, a handler's own Response) without its body when the request is HEAD. */
export function headOf(req: Request, res: Response): Response {
  return conditional(req.method, undefined, res.status, undefined) === 'headers-only'
    ? new Response(null, { status: res.status, headers: res.headers })
    : res;
}
