// Edge router for /api/v1 on Netlify: the same decision as the local origin (`dispatch` over the one route table).
// A request without a query string whose static file exists continues to that file (dist/_redirects maps the URL
// to it); anything else (a query string, search, the blog, a slug with no file, a preflight) is rewritten to the
// public function. `preferStatic` and `_redirects` query matching cannot express this (REFERENCE.md).
import type { Config } from '@netlify/edge-functions';
import { dispatch } from '../../src/api/http/routes.ts';
import { mount } from '../../src/api/public/function-mount.ts';
// @ts-ignore -- written by the build (src/build/skribra-outputs.ts) before Netlify bundles edge functions.
import staticApiPaths from '../../dist/_skribra/static-api-paths.json' with { type: 'json' };

const files = new Set<string>(staticApiPaths as string[]);

export default (req: Request): URL | undefined => {
  const url = new URL(req.url);
  let pathname = url.pathname;
  try { pathname = decodeURIComponent(pathname); } catch { /* malformed: the function answers 404 */ }
  // Static files do not answer preflights; the function does.
  const target = dispatch(pathname, url.search, (file) => req.method !== 'OPTIONS' && files.has(file));
  return target?.to === 'function' && target.api === 'public' ? mount(url) : undefined;
};

// Literal: Netlify reads this config statically. tests/public/netlify-wiring.test.ts holds it to the route table.
export const config: Config = { path: ['/api/v1', '/api/v1/*'] };
