// Where the public function is mounted on Netlify. A function with a `path` wins over static files, so it cannot
// sit at /api/v1/* itself: it lives under this prefix, and the edge router rewrites to it only the requests the
// static files cannot answer. No imports here: the edge bundle includes this file.

export const PUBLIC_FUNCTION_PREFIX = '/_fn/public';

/** The request as the handler expects it: the mount prefix taken off the path, everything else kept. */
export function unmount(req: Request): Request {
  const url = new URL(req.url);
  if (!url.pathname.startsWith(`${PUBLIC_FUNCTION_PREFIX}/`)) return req;
  url.pathname = url.pathname.slice(PUBLIC_FUNCTION_PREFIX.length);
  return new Request(url, req);
}

/** The function URL that answers a public API request (the edge router's rewrite target). */
export const mount = (url: URL): URL => new URL(`${PUBLIC_FUNCTION_PREFIX}${url.pathname}${url.search}`, url);
