// The one decision on conditional requests and HEAD (RFC 9110 13.1.2 and 9.3.2), pure, for every answer of every
// runtime: the pipeline's conditional stage (computed answers, a handler's own answer, errors), the local origin's
// build files and its memo of them, the markdown twins (local origin and Netlify edge function) and the Netlify
// harness's static store. A 200 whose ETag the client already holds is 304 with the answer's headers and no body;
// HEAD gets every header of the answer and no body. Each caller builds its own kind of response from the verdict;
// the verdict is a constant, so a hot path allocates nothing for it.
import { ifNoneMatchHits } from './etag.ts';

/** What the request gets of the answer: 304, its headers alone (HEAD), or all of it. */
type Verdict = 'not-modified' | 'headers-only' | 'whole';

export function conditional(
  method: string | undefined,
  ifNoneMatch: string | null | undefined,
  status: number,
  etag: string | null | undefined,
): Verdict {
  if (status === 200 && etag && ifNoneMatchHits(ifNoneMatch, etag)) return 'not-modified';
  return method === 'HEAD' ? 'headers-only' : 'whole';
}

/** The verdict for a web Request and an answer's status and ETag. */
export const verdictOf = (req: Request, status: number, etag: string | null | undefined): Verdict =>
  conditional(req.method, req.headers.get('if-none-match'), status, etag);

/**
 * An answer through the verdict: 304 with its headers (no body, no length), its headers alone for HEAD, else
 * itself. For answers whose body is already made; the stages that can avoid making it decide first (conditional).
 */
export function answerOf(req: Request, res: Response): Response {
  const verdict = verdictOf(req, res.status, res.headers.get('etag'));
  if (verdict === 'whole') return res;
  void res.body?.cancel();
  const headers = new Headers(res.headers);
  if (verdict === 'not-modified') headers.delete('content-length');
  return new Response(null, { status: verdict === 'not-modified' ? 304 : res.status, statusText: res.statusText, headers });
}
