// Markdown negotiation on Netlify: runs only when Accept mentions text/markdown, then follows its q-values with the
// same decision as the local origin (src/core/negotiate.ts). Preferring HTML continues to the static page, whose
// `_headers` say `Vary: Accept`; preferring markdown answers the page's twin, or the markdown 404.
import type { Config, Context } from '@netlify/edge-functions';
import { decideSite, markdownResponse, NOT_FOUND_MARKDOWN } from '../../src/core/negotiate.ts';
// @ts-ignore -- written by the build (src/build/write-machine-readable.ts) before Netlify bundles edge functions.
import twinPaths from '../../dist/_skribra/markdown-paths.json' with { type: 'json' };

const twins = new Set<string>(twinPaths as string[]);

export default async (req: Request, _context: Context): Promise<Response | undefined> => {
  const url = new URL(req.url);
  let path = url.pathname;
  try { path = decodeURIComponent(path); } catch { /* malformed: not a twin */ }
  const decision = decideSite(path, req.headers.get('accept'), (p) => twins.has(p));
  if (decision.serve === 'static') return undefined;
  const file = decision.serve === 'markdown' ? decision.file : NOT_FOUND_MARKDOWN;
  // A same-site subrequest for the twin file: a plain GET, so it cannot come back through this function.
  const res = await fetch(new URL(encodeURI(file), url.origin));
  if (!res.ok) return markdownResponse('# Page not found\n', 404, req.method);
  return markdownResponse(await res.text(), decision.serve === 'markdown' ? 200 : 404, req.method);
};

// Literal: Netlify reads this config statically. `header` values are regular expressions.
export const config: Config = {
  path: '/*',
  excludedPath: ['/api/*', '/v1/*', '/tools-api/*', '/_skribra/*', '/.well-known/*', '/*.md', '/*.txt', '/*.json', '/*.yaml', '/*.xml'],
  header: { accept: 'text/markdown' },
};
