// Where the public API's functions are mounted on Netlify, and which requests the edge router sends there. A
// function with a `path` wins over static files, so it cannot sit at /api/v1/* itself: it lives under a prefix,
// and the edge router rewrites to it only what the static files cannot answer. Imports only the registry's decision:
// the edge bundle (Deno) includes this file.
import { decide, staticFileOf } from '../http/decide.ts';
import { PUBLIC_BASE } from '../declare/registry.ts';

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
 * The edge router's decision, the same as the local origin's (`decide` over the one registry): a query-less GET or
 * HEAD whose static file exists continues to that file (undefined); anything else under /api/v1 (a query string,
 * search, a slug with no file, an unknown path, a preflight or another method, which the function answers with 405)
 * is rewritten to the public function, or to the blog's for the blog routes.
 */
export function functionUrlFor(req: Request, staticFiles: ReadonlySet<string>): URL | undefined {
  const url = new URL(req.url);
  const decision = decide(url.pathname);
  if (decision.to === 'site' || (decision.to === 'endpoint' ? decision.endpoint.api : decision.api) !== 'public') return undefined;
  if (decision.to === 'endpoint' && (req.method === 'GET' || req.method === 'HEAD') && !url.search) {
    const file = staticFileOf(decision);
    if (file && staticFiles.has(file)) return undefined;
  }
  const blog = decision.path === BLOG || decision.path.startsWith(`${BLOG}/`);
  return new URL(`${blog ? BLOG_FUNCTION_PREFIX : PUBLIC_FUNCTION_PREFIX}${url.pathname}${url.search}`, url);
}
