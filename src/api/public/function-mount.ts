// Where the public API's functions are mounted on Netlify, and which requests the edge router sends there. A
// function with a `path` wins over static files, so it cannot sit at /api/v1/* itself: it lives under a prefix,
// and the edge router rewrites to it only what the static files cannot answer. Imports only the route table: the
// edge bundle (Deno) includes this file.
import { dispatch, PUBLIC_BASE } from '../http/routes.ts';

/** The catalog and search function (functions/public-api.mts). */
export const PUBLIC_FUNCTION_PREFIX = '/_fn/public';
/** The same handler with the content store behind it, for the blog routes (functions/blog-api.mts). */
export const BLOG_FUNCTION_PREFIX = '/_fn/blog';

const BLOG = `${PUBLIC_BASE}/articles`;
const isBlog = (pathname: string) => pathname === BLOG || pathname.startsWith(`${BLOG}/`);

/** The request as the handler expects it: the mount prefix taken off the path, everything else kept. */
export function unmount(req: Request, prefix: string): Request {
  const url = new URL(req.url);
  if (!url.pathname.startsWith(`${prefix}/`)) return req;
  url.pathname = url.pathname.slice(prefix.length);
  return new Request(url, req);
}

/**
 * The edge router's decision, the same as the local origin's (`dispatch` over the one route table): a request
 * without a query string whose static file exists continues to that file (undefined); anything else (a query
 * string, search, a slug with no file, a preflight, which static files do not answer) is rewritten to the public
 * function, or to the blog's for the blog routes.
 */
export function functionUrlFor(req: Request, staticFiles: ReadonlySet<string>): URL | undefined {
  const url = new URL(req.url);
  let pathname = url.pathname;
  try { pathname = decodeURIComponent(pathname); } catch { /* malformed: the function answers 404 */ }
  const target = dispatch(pathname, url.search, (file) => req.method !== 'OPTIONS' && staticFiles.has(file));
  if (target?.to !== 'function' || target.api !== 'public') return undefined;
  const prefix = isBlog(pathname) ? BLOG_FUNCTION_PREFIX : PUBLIC_FUNCTION_PREFIX;
  return new URL(`${prefix}${url.pathname}${url.search}`, url);
}
