// Markdown negotiation for site pages: the one decision shared by the local origin (origin/serve-site.ts) and
// the Netlify edge functions (netlify/edge-functions/*), so the two runtimes cannot answer differently.
// Pure: the caller says which files exist.
import { conditional } from './conditional.ts';
import { DATA_SECURITY } from './security-headers.ts';
import Negotiator from 'negotiator';
import { markdownPath } from './urls.ts';

export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';
/** Where the markdown 404 body lives in the build (the twin of the /404/ page). */
export const NOT_FOUND_MARKDOWN = '/404.md';
/** RFC 9727 section 3: pages point at the API catalog. */
export const API_CATALOG_PATH = '/.well-known/api-catalog';
export const API_CATALOG_LINK = `<${API_CATALOG_PATH}>; rel="api-catalog"`;

/** HTML first, so `*\/*`, a missing header or a tie by q-value and specificity keep today's HTML answer. */
const OFFERED = ['text/html', 'text/markdown'];

/** Whether the Accept header prefers markdown over HTML, by q-value and then specificity (RFC 9110 12.5.1). */
export function prefersMarkdown(accept: string | null | undefined): boolean {
  if (!accept) return false;
  return new Negotiator({ headers: { accept } }).mediaType(OFFERED) === 'text/markdown';
}

/** A path that names a file of its own (`/llms.txt`, `/favicon.svg`): served as it is, never negotiated. */
const hasExtension = (path: string) => /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1));

/** `/glossary/seo/`, `/glossary/seo` and `/glossary/seo/index.html` all have the twin `/glossary/seo.md`. */
export function twinOf(pathname: string): string {
  const page = pathname.replace(/(^|\/)index\.html$/, '$1');
  return markdownPath(page.endsWith('/') ? page : `${page}/`);
}

type SiteDecision =
  /** Serve this markdown file with 200 (a twin, asked for by suffix or by Accept). */
  | { serve: 'markdown'; file: string }
  /** Markdown was asked for and there is none: 404 with the markdown body of NOT_FOUND_MARKDOWN. */
  | { serve: 'markdown-404' }
  /** Serve what the static site has (HTML page, file or HTML 404); `vary` when the answer depended on Accept. */
  | { serve: 'static'; vary: boolean };

/**
 * What a site request gets. `.md` paths are twins whatever the Accept header says; paths without an extension are
 * pages, negotiated between HTML and their twin; any other file is not negotiated.
 */
export function decideSite(pathname: string, accept: string | null | undefined, hasFile: (path: string) => boolean): SiteDecision {
  if (pathname.endsWith('.md')) {
    return hasFile(pathname) ? { serve: 'markdown', file: pathname } : { serve: 'markdown-404' };
  }
  // A file that exists at exactly this path (`/.well-known/api-catalog`) is a file, not a page, even without an extension.
  const isPage = pathname.endsWith('/') || pathname.endsWith('/index.html') || (!hasExtension(pathname) && !hasFile(pathname));
  if (!isPage) return { serve: 'static', vary: false };
  if (!prefersMarkdown(accept)) return { serve: 'static', vary: true };
  const twin = twinOf(pathname);
  return hasFile(twin) ? { serve: 'markdown', file: twin } : { serve: 'markdown-404' };
}

/** A rough token count (about four characters a token), as Cloudflare's `x-markdown-tokens` gives one. */
const estimateTokens = (markdown: string): number => Math.ceil(markdown.length / 4);

/**
 * Where the build records the site's Content Signals for markdown answers, `{ "content-signal": "search=yes, ..." }`
 * (content/content-signals.yaml): the edge function imports it, the local origin reads it from its files.
 */
export const CONTENT_SIGNAL_FILE = '/_skribra/content-signal.json';

/** The `Content-Signal` value in a CONTENT_SIGNAL_FILE's parsed JSON; undefined when it holds none. */
export function contentSignalOf(json: unknown): string | undefined {
  const value = (json as Record<string, unknown> | null)?.['content-signal'];
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * Headers of every markdown answer (spec 4.3 asks `Vary: Accept` on all of them, `.md` paths included), with the
 * site's Content Signals as Cloudflare's markdown for agents sends them. The security headers go last: nothing
 * overrides them.
 */
export function markdownHeaders(body: string, signal?: string): Record<string, string> {
  return {
    'content-type': MARKDOWN_TYPE,
    vary: 'Accept',
    link: API_CATALOG_LINK,
    'x-markdown-tokens': String(estimateTokens(body)),
    ...(signal ? { 'content-signal': signal } : {}),
    ...DATA_SECURITY,
  };
}

interface MarkdownAnswer {
  /** The site's `Content-Signal` value (CONTENT_SIGNAL_FILE). */
  signal?: string;
  /** More headers: the file's ETag. */
  headers?: Record<string, string>;
  /** The request's `If-None-Match`: a 200 whose ETag it holds is a 304 (core/conditional.ts). */
  ifNoneMatch?: string | null;
}

/**
 * A markdown answer as both runtimes send it, 304 and HEAD as every answer (core/conditional.ts); 404s are not
 * cached, so a page published later shows up at once.
 */
export function markdownResponse(
  body: string,
  status: number,
  method: string,
  { signal, headers: extra = {}, ifNoneMatch }: MarkdownAnswer = {},
): Response {
  const headers: Record<string, string> = {
    ...markdownHeaders(body, signal),
    'cache-control': status === 200 ? 'public, max-age=0, must-revalidate' : 'no-store',
    ...extra,
  };
  const verdict = conditional(method, ifNoneMatch, status, headers.etag);
  if (verdict === 'not-modified') return new Response(null, { status: 304, headers });
  return new Response(verdict === 'headers-only' ? null : body, { status, headers });
}
