// Markdown on Netlify, in one edge function: a `.md` path is its twin (with the markdown headers, which `_headers`
// cannot give by extension) or the markdown 404; a page whose request prefers text/markdown by q-value gets its
// twin or the markdown 404; anything else continues to the static page (whose `_headers` say `Vary: Accept`). The
// decision is src/model/core/negotiate.ts, the local origin's. It runs on every page request (one config cannot say
// "a .md path OR an Accept header"); continuing costs one header parse. The blog's pages and twins are not files: they
// are functions/blog-pages.mts's, which negotiates them itself (src/request/blog/live-blog.ts, with `Vary: Accept`), so its
// page paths are excluded here (the rest of its paths end in .txt, .xml or .png, excluded already).
import type { Config, Context } from '@netlify/edge-functions';
import { contentSignalOf, decideSite, markdownResponse, NOT_FOUND_MARKDOWN } from '../../src/model/core/negotiate.ts';
import { decodePath } from '../../src/model/core/decode-path.ts';
// @ts-ignore -- written by the build (src/build-time/write-machine-readable.ts) before Netlify bundles edge functions.
import twinPaths from '../../dist/_skribra/markdown-paths.json' with { type: 'json' };
// @ts-ignore -- the same (CONTENT_SIGNAL_FILE): the site's Content Signals, sent on every markdown answer.
import contentSignal from '../../dist/_skribra/content-signal.json' with { type: 'json' };

const twins = new Set<string>(twinPaths as string[]);
const signal = contentSignalOf(contentSignal);

export default async (req: Request, context: Context): Promise<Response | undefined> => {
  const url = new URL(req.url);
  const { segments, clean, trailingSlash } = decodePath(url.pathname);
  const path = clean ? `/${segments.join('/')}${trailingSlash && segments.length ? '/' : ''}` : undefined;
  const decision = path ? decideSite(path, req.headers.get('accept'), (p) => twins.has(p)) : { serve: 'static' as const, vary: false };
  if (decision.serve === 'static') return undefined;
  // The twin itself is the static file; a negotiated page or the markdown 404 is a same-site subrequest for the twin
  // file (a plain GET without the Accept header, so it continues to the file). Either way the file's ETag goes on, and
  // a request that holds it gets 304 (core/conditional.ts, as the local origin's twins).
  const file = decision.serve === 'markdown' ? decision.file : NOT_FOUND_MARKDOWN;
  const res = file === path ? await context.next() : await fetch(new URL(encodeURI(file), url.origin));
  if (!res.ok) return markdownResponse('# Page not found\n', 404, req.method, { signal });
  const etag = res.headers.get('etag');
  return markdownResponse(await res.text(), decision.serve === 'markdown' ? 200 : 404, req.method, {
    signal,
    headers: etag ? { etag } : {},
    ifNoneMatch: req.headers.get('if-none-match'),
  });
};

// Literal: Netlify reads this config statically.
export const config: Config = {
  path: '/*',
  excludedPath: [
    '/api/*',
    '/v1',
    '/v1/*',
    '/tools-api/*',
    '/mcp',
    '/mcp/*',
    '/og-image',
    '/og-image/*',
    '/_fn/*',
    '/_skribra/*',
    // The page paths of functions/blog-pages.mts (tests/public/blog-pages-function.test.ts holds them to liveRoute).
    '/blog',
    '/blog/*',
    '/blog.md',
    '/.well-known/*',
    '/*.txt',
    '/*.json',
    '/*.yaml',
    '/*.xml',
    '/*.png',
    '/*.svg',
    '/*.woff2',
    '/*.css',
    '/*.js',
  ],
};
