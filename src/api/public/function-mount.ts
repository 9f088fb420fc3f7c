// Where the public function is mounted on Netlify, and which requests the edge router sends there. A function with
// a `path` wins over static files, so it cannot sit at /api/v1/* itself: it lives under this prefix, and the edge
// router rewrites to it only what the static files cannot answer. Imports only the route table: the edge bundle
// (Deno) includes this file.
import { dispatch } from '../http/routes.ts';

export const PUBLIC_FUNCTION_PREFIX = '/_fn/public';

/** The request as the handler expects it: the mount prefix taken off the path, everything else kept. */
export function unmount(req: Request): Request {
  const url = new URL(req.url);
  if (!url.pathname.startsWith(`${PUBLIC_FUNCTION_PREFIX}/`)) return req;
  url.pathname = url.pathname.slice(PUBLIC_FUNCTION_PREFIX.length);
  return new Request(url, req);
}

/**
 * The edge router's decision, the same as the local origin's (`dispatch` over the one route table): a request
 * without a query string whose static file exists continues to that file (undefined); anything else (a query
 * string, search, the blog, a slug with no file, a preflight, which static files do not answer) is rewritten to
 * the public function.
 */
export function functionUrlFor(req: Request, staticFiles: ReadonlySet<string>): URL | undefined {
  const url = new URL(req.url);
  let pathname = url.pathname;
  try { pathname = decodeURIComponent(pathname); } catch { /* malformed: the function answers 404 */ }
  const target = dispatch(pathname, url.search, (file) => req.method !== 'OPTIONS' && staticFiles.has(file));
  if (target?.to !== 'function' || target.api !== 'public') return undefined;
  return new URL(`${PUBLIC_FUNCTION_PREFIX}${url.pathname}${url.search}`, url);
}
