// `.md` twins on Netlify: `_headers` cannot match a file extension, so this gives every twin its markdown headers,
// and a `.md` path with no twin the markdown 404 (Netlify alone would answer 404.html). Same decision as the
// local origin (src/core/negotiate.ts).
import type { Config, Context } from '@netlify/edge-functions';
import { decideSite, markdownResponse, NOT_FOUND_MARKDOWN } from '../../src/core/negotiate.ts';
// @ts-ignore -- written by the build (src/build/write-machine-readable.ts) before Netlify bundles edge functions.
import twinPaths from '../../dist/_skribra/markdown-paths.json' with { type: 'json' };

const twins = new Set<string>(twinPaths as string[]);

export default async (req: Request, context: Context): Promise<Response> => {
  const url = new URL(req.url);
  let path = url.pathname;
  try { path = decodeURIComponent(path); } catch { /* malformed: not a twin */ }
  const decision = decideSite(path, req.headers.get('accept'), (p) => twins.has(p));
  if (decision.serve === 'markdown') {
    const res = await context.next();
    return markdownResponse(await res.text(), res.status, req.method, res.headers.get('etag') ? { etag: res.headers.get('etag')! } : {});
  }
  const notFound = await fetch(new URL(NOT_FOUND_MARKDOWN, url.origin));
  return markdownResponse(notFound.ok ? await notFound.text() : '# Page not found\n', 404, req.method);
};

export const config: Config = {
  path: '/*.md',
  excludedPath: ['/api/*', '/v1/*', '/_skribra/*'],
};
