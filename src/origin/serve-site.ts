// The local origin's `site` handler: HTML pages, markdown twins by suffix or by Accept (q-values), the markdown or
// HTML 404, and the machine-readable files with their types. The decision is src/core/negotiate.ts, the same one
// the Netlify edge functions make.
import { API_CATALOG_LINK, decideSite, markdownHeaders, NOT_FOUND_MARKDOWN } from '../core/negotiate.ts';
import { API_CATALOG_PATH, API_CATALOG_TYPE } from '../machine/api-catalog.ts';
import { fileResponse, type staticFiles } from './static-files.ts';

type Files = ReturnType<typeof staticFiles>;

/** Files whose type the extension does not tell, and which any origin may read. */
const MACHINE_FILES: Partial<Record<string, Record<string, string>>> = {
  // RFC 9727 section 2: the catalog names itself with rel=api-catalog, on HEAD too.
  [API_CATALOG_PATH]: { 'content-type': API_CATALOG_TYPE, 'access-control-allow-origin': '*', link: API_CATALOG_LINK },
  '/openapi.json': { 'access-control-allow-origin': '*' },
  '/openapi.yaml': { 'access-control-allow-origin': '*' },
  '/api/openapi.json': { 'access-control-allow-origin': '*' },
  '/api/openapi.yaml': { 'access-control-allow-origin': '*' },
  '/llms.txt': { 'access-control-allow-origin': '*' },
  '/llms-full.txt': { 'access-control-allow-origin': '*' },
};

const NO_STORE = { 'cache-control': 'no-store' };

function markdownResponse(req: Request, files: Files, path: string, status = 200): Response {
  const file = files.get(path);
  if (!file) return new Response('# Page not found\n', { status: 404, headers: { ...markdownHeaders('# Page not found\n'), ...NO_STORE } });
  const headers = { ...markdownHeaders(file.body.toString('utf8')), ...(status === 404 ? NO_STORE : {}) };
  return fileResponse(req, file, headers, status);
}

/** Serves dist/ as the site: `/x/` is `/x/index.html`, `/x` redirects to `/x/` when that exists. */
export function serveSite(req: Request, files: Files): Response {
  const { pathname, search } = new URL(req.url);
  let path: string;
  try { path = decodeURIComponent(pathname); } catch { path = pathname; }
  const decision = decideSite(path, req.headers.get('accept'), (p) => files.get(p) !== undefined);
  if (decision.serve === 'markdown') return markdownResponse(req, files, decision.file);
  if (decision.serve === 'markdown-404') return markdownResponse(req, files, NOT_FOUND_MARKDOWN, 404);

  const negotiated: Record<string, string> = decision.vary ? { vary: 'Accept' } : {};
  const file = files.get(path.endsWith('/') ? `${path}index.html` : path);
  if (file) {
    const isPage = file.type.startsWith('text/html');
    return fileResponse(req, file, { ...negotiated, ...(isPage ? { link: API_CATALOG_LINK } : {}), ...MACHINE_FILES[path] });
  }
  if (!path.endsWith('/') && files.get(`${path}/index.html`)) {
    return new Response(null, { status: 301, headers: { location: `${pathname}/${search}`, ...negotiated } });
  }
  const notFound = files.get('/404.html');
  return notFound
    ? fileResponse(req, notFound, { ...negotiated, ...NO_STORE }, 404)
    : new Response('Not found', { status: 404, headers: { ...negotiated, ...NO_STORE } });
}
