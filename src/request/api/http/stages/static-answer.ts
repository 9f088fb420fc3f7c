// Stage, static answer: a read of an endpoint whose answer the build wrote is served from that file when the origin
// has files (the local origin; on Netlify the CDN does it), as long as the query string does not change the answer
// and the path parameters pass their schema. Undefined: the handler answers.
import type { Headers } from '../../../../model/endpoints/cache-policy.ts';
import { staticFileOf, type Match } from './match.ts';

/** A static file of the build, when the origin has files (the pipeline's `staticFile` option): its answer, or undefined. */
export type StaticAnswer = (req: Request, file: string, headers: Headers) => Response | undefined;

export function staticAnswer(req: Request, url: URL, found: Match, headers: Headers, staticFile: StaticAnswer): Response | undefined {
  const { endpoint } = found;
  if (!endpoint.static || (req.method !== 'GET' && req.method !== 'HEAD') || (url.search && !endpoint.static.preferStatic))
    return undefined;
  const file = staticFileOf(found);
  if (!file) return undefined;
  return endpoint.path?.schema().safeParse(found.params).success !== false ? staticFile(req, file, headers) : undefined;
}
