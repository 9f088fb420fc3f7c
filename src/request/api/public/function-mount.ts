// Where the public API's functions are mounted on Netlify, and which requests the edge router sends there. A
// function with a `path` wins over static files, so it cannot sit at /api/v1/* itself: it lives under a prefix,
// and the edge router rewrites to it only what the static files cannot answer. The edge bundle (Deno) includes this
// file, so it decides from the build's table of static paths (STATIC_PATHS_FILE, written from the registry), not
// from the registry and its schemas.
import { decodePath, joinedPath } from '../../../model/core/decode-path.ts';
import { PUBLIC_BASE } from '../../../model/endpoints/bases.ts';

/** The catalog and search function (functions/public-api.mts). */
export const PUBLIC_FUNCTION_PREFIX = '/_fn/public';
/** The same handler with the content store behind it, for the blog routes (functions/blog-api.mts). */
export const BLOG_FUNCTION_PREFIX = '/_fn/blog';

const BLOG = `${PUBLIC_BASE}/articles`;

/** The request as the handler expects it: the mount prefix taken off the path, everything else kept. */
export function unmount(req: Request, prefix: string): Request {
  const url = new URL(req.url);
  if (!url.pathname.startsWith(`${prefix}/`)) return req;
  url.pathname = url.pathname.slice(prefix.length);
  return new Request(url, req);
}

/**
 * The edge router's decision: a query-less GET or HEAD of a path the build answered with a file (`staticPaths`,
 * decoded as the pipeline decodes it) continues to that file (undefined); anything else under /api/v1 (a query
 * string, search, a slug with no file, an unknown path, a preflight or another method, which the function answers
 * with 405) is rewritten to the public function, or to the blog's for the blog routes.
 */
export function functionUrlFor(req: Request, staticPaths: ReadonlySet<string>): URL | undefined {
  const url = new URL(req.url);
  const decoded = decodePath(url.pathname);
  const path = joinedPath(decoded);
  if (path !== PUBLIC_BASE && !path.startsWith(`${PUBLIC_BASE}/`)) return undefined;
  if ((req.method === 'GET' || req.method === 'HEAD') && !url.search && decoded.clean && staticPaths.has(path)) return undefined;
  const blog = path === BLOG || path.startsWith(`${BLOG}/`);
  return new URL(`${blog ? BLOG_FUNCTION_PREFIX : PUBLIC_FUNCTION_PREFIX}${url.pathname}${url.search}`, url);
}
