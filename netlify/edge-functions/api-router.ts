// Edge router for /api/v1 on Netlify: requests the static files cannot answer go to the public function, the rest
// continue to dist/ (where dist/_redirects maps each URL to its .json file). `preferStatic` and `_redirects` query
// matching cannot express "a query string goes to the function" (REFERENCE.md); this does, from the build's table of
// static paths (the registry's, written out: the bundle takes neither the registry nor its schemas).
import type { Config } from '@netlify/edge-functions';
import { functionUrlFor } from '../../src/request/api/public/function-mount.ts';
// @ts-ignore -- written by the build (src/build-time/skribra-outputs.ts) before Netlify bundles edge functions.
import staticApiPaths from '../../dist/_skribra/static-api-paths.json' with { type: 'json' };

const paths: ReadonlySet<string> = new Set(Object.keys(staticApiPaths as Record<string, string>));

export default (req: Request): URL | undefined => functionUrlFor(req, paths);

// Literal: Netlify reads this config statically. tests/public/netlify-wiring.test.ts holds it to the route table.
export const config: Config = { path: ['/api/v1', '/api/v1/*'] };
