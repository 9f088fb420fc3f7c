// The local origin's site: HTML pages, markdown twins by suffix or by Accept (q-values), the markdown or HTML 404,
// and the machine-readable files with the headers of the registry's table. The markdown decision is
// src/model/core/negotiate.ts, the same one the Netlify edge function makes. The path arrives decoded, once, by the
// pipeline; redirects go to a path rebuilt from its segments, so they are always same-origin.
import type { Decision } from '../src/request/api/http/stages/match.ts';
import { NO_STORE } from '../src/model/endpoints/cache-policy.ts';
import { machineFiles } from '../src/model/endpoints/registry.ts';
import { encodePath } from '../src/model/core/decode-path.ts';
import {
  CONTENT_SIGNAL_FILE,
  contentSignalOf,
  decideSite,
  markdownHeaders,
  markdownResponse,
  NOT_FOUND_MARKDOWN,
} from '../src/model/core/negotiate.ts';
import { derivedOf, fileResponse, fileText, type staticFiles } from './static-files.ts';
import { UNPUBLISHED } from './static-headers.ts';

type Files = ReturnType<typeof staticFiles>;
type SiteDecision = Extract<Decision, { to: 'site' }>;

const MACHINE_HEADERS = new Map(machineFiles.map((f) => [f.path, f.headers]));

/** The build's Content-Signal value (CONTENT_SIGNAL_FILE), read once per build, as the edge function imports it. */
function signalOf(files: Files): string | undefined {
  const file = files.get(CONTENT_SIGNAL_FILE);
  return file && derivedOf(file, 'content-signal', (f) => contentSignalOf(JSON.parse(fileText(f))));
}

/** A markdown file of the build (a twin, or the markdown 404) with the markdown headers, ETag and 304. */
function markdownFileResponse(req: Request, files: Files, path: string, status = 200): Response {
  const file = files.get(path);
  const signal = signalOf(files);
  if (!file) return markdownResponse('# Page not found\n', 404, req.method, { signal });
  // The token estimate needs the whole text: computed once per file version (and signal), not per request.
  const headers = derivedOf(file, `markdown-headers ${signal}`, (f) => markdownHeaders(fileText(f), signal));
  return fileResponse(req, file, status === 404 ? { ...headers, ...NO_STORE } : headers, status);
}

/** The HTML 404 page with Netlify's cache policy for it (revalidated on every use, like every static file). */
function notFoundPage(req: Request, files: Files, headers: Record<string, string>, rules: Record<string, string> = {}): Response {
  const page = files.get('/404.html');
  return page
    ? fileResponse(req, page, { ...rules, ...headers }, 404)
    : new Response('Not found', { status: 404, headers: { ...rules, ...headers, ...NO_STORE } });
}

/**
 * Serves dist/ as the site: `/x/` is `/x/index.html`, `/x` redirects to `/x/` when that exists. Files carry the
 * build's `_headers` for their path (`headersOf`), as on Netlify; markdown answers carry their own, as the edge
 * function's do.
 */
export function serveSite(
  req: Request,
  files: Files,
  { path, segments }: SiteDecision,
  headersOf: (path: string) => Record<string, string> = () => ({}),
): Response {
  const rules = headersOf(new URL(req.url).pathname);
  if (path === undefined || UNPUBLISHED.has(path)) return notFoundPage(req, files, {}, rules);
  const decision = decideSite(path, req.headers.get('accept'), (p) => files.get(p) !== undefined);
  if (decision.serve === 'markdown') return markdownFileResponse(req, files, decision.file);
  if (decision.serve === 'markdown-404') return markdownFileResponse(req, files, NOT_FOUND_MARKDOWN, 404);

  const negotiated: Record<string, string> = decision.vary ? { vary: 'Accept' } : {};
  const file = files.get(path.endsWith('/') ? `${path}index.html` : path);
  if (file) return fileResponse(req, file, { ...rules, ...negotiated, ...MACHINE_HEADERS.get(path) });
  if (!path.endsWith('/') && files.get(`${path}/index.html`)) {
    const { search } = new URL(req.url);
    // As Netlify's own folder redirect: no Vary (the edge function answers a markdown request before it).
    return new Response(null, { status: 301, headers: { location: `${encodePath(segments, true)}${search}` } });
  }
  return notFoundPage(req, files, negotiated, rules);
}
