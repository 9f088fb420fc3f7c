// `_redirects` and `_headers` for Netlify, generated from the registry: the static API files at their extensionless
// URLs, the cache policy and CORS of the public API, and the machine-readable files' headers.
import { endpointsOf, IMAGES_BASE, machineFiles, PUBLIC_BASE } from '../model/endpoints/registry.ts';
import { DATA_SECURITY, pageSecurity } from '../model/core/security-headers.ts';
import { OPEN_CORS } from '../request/api/http/cors.ts';
import { API_CATALOG_LINK, MARKDOWN_TYPE } from '../model/core/negotiate.ts';

const HEAD = '# Generated from src/model/endpoints/registry.ts at build. Do not edit.';

/** `_redirects`: each static public endpoint's URL served from its `.json` file. */
export function redirectsFile(): string {
  const lines = [HEAD, `${PUBLIC_BASE}  ${PUBLIC_BASE}/index.json  200`];
  for (const e of endpointsOf('public')) if (e.static) lines.push(`${e.pattern}  ${e.static.file}  200`);
  return `${lines.join('\n')}\n`;
}

/**
 * `_headers`: every file the page security headers (the CSP allowing the build's inline scripts by hash), `Vary:
 * Accept` (the markdown edge function may answer the same URL) and the api-catalog link; static API files the
 * headers the function gives the same answer (content type, CORS, cache policy, the data policy); the images the
 * build wrote at their content-addressed URLs the image function's (cache for ever, the data policy); machine-readable
 * files their types and the data policy. `.md` twins get theirs from the edge function, since `_headers` cannot match
 * a file extension. The local origin reads this file back for its own static answers (origin/header-rules.ts).
 */
export function headersFile(scriptHashes: readonly string[]): string {
  const publicOk = endpointsOf('public').find((e) => e.static)!;
  const imageOk = endpointsOf('images').find((e) => e.static)!;
  const blocks: Record<string, Record<string, string>> = {
    '/*': { ...pageSecurity(scriptHashes), vary: 'Accept', link: API_CATALOG_LINK },
    [`${PUBLIC_BASE}/*`]: { 'content-type': 'application/json; charset=utf-8', ...OPEN_CORS, ...publicOk.cache.ok, ...DATA_SECURITY },
    [`${IMAGES_BASE}/*`]: { ...imageOk.cache.ok, ...DATA_SECURITY },
    '/index.md': { 'content-type': MARKDOWN_TYPE, ...DATA_SECURITY },
    '/404.md': { 'content-type': MARKDOWN_TYPE, ...DATA_SECURITY },
    ...Object.fromEntries(machineFiles.map((f) => [f.path, { ...f.headers, ...DATA_SECURITY }])),
  };
  const out = [HEAD];
  for (const [path, headers] of Object.entries(blocks))
    out.push(path, ...Object.entries(headers).map(([k, v]) => `  ${titleCase(k)}: ${v}`));
  return `${out.join('\n')}\n`;
}

const titleCase = (name: string) => name.replace(/(^|-)([a-z])/g, (_, d: string, c: string) => d + c.toUpperCase());
