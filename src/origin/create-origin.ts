import { dispatch, type Api } from '../api/http/routes.ts';
import { OPEN_CORS, preflight } from '../api/http/cors.ts';
import { PUBLIC_CACHE } from '../api/public/create-public-api.ts';
import { json } from '../api/http/respond.ts';
import { fileResponse, staticFiles } from './static-files.ts';

export type Handler = (req: Request) => Promise<Response>;

export interface OriginOptions {
  distDir: string;
  apis: Partial<Record<Api, Handler>>;
  /** Site pages (HTML, twins, negotiation, 404); the default serves dist/ as files. */
  site?: (req: Request, files: ReturnType<typeof staticFiles>) => Promise<Response> | Response;
}

/**
 * The local origin as one web-standard handler: the route table decides between a static API file and a function,
 * exactly as the Netlify edge function does; everything else is the site.
 */
export function createOrigin({ distDir, apis, site = serveSite }: OriginOptions): Handler {
  const files = staticFiles(distDir);
  return async function origin(req: Request): Promise<Response> {
    const url = new URL(req.url);
    let pathname: string;
    try { pathname = decodeURIComponent(url.pathname); } catch { return json({ code: 'not_found', message: 'Malformed path.' }, 404); }
    const target = dispatch(pathname, url.search, (file) => files.get(file) !== undefined);
    if (target?.to === 'function') {
      const api = apis[target.api];
      if (!api) return json({ code: 'unavailable', message: `The ${target.api} API is not running on this origin.` }, 503, { 'retry-after': '30' });
      return api(req);
    }
    if (target?.to === 'static') {
      if (req.method === 'OPTIONS') return preflight();
      return fileResponse(req, files.get(target.file)!, { ...OPEN_CORS, ...PUBLIC_CACHE });
    }
    return site(req, files);
  };
}

/** Plain static site: `/x/` is `/x/index.html`, `/x` redirects to `/x/` when that exists, else the 404 page. */
export function serveSite(req: Request, files: ReturnType<typeof staticFiles>): Response {
  const { pathname, search } = new URL(req.url);
  const path = decodeURIComponent(pathname);
  const file = files.get(path.endsWith('/') ? `${path}index.html` : path);
  if (file) return fileResponse(req, file);
  if (!path.endsWith('/') && files.get(`${path}/index.html`)) return new Response(null, { status: 301, headers: { location: `${pathname}/${search}` } });
  const notFound = files.get('/404.html');
  return notFound ? fileResponse(req, notFound, { 'cache-control': 'no-store' }, 404) : new Response('Not found', { status: 404 });
}
