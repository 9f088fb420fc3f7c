// `_redirects` and `_headers` for Netlify, generated from the registry: the static API files at their extensionless
// URLs, the cache policy and CORS of the public API, and the machine-readable files' headers.
import { allowedMethods, endpointsOf, machineFiles, PUBLIC_BASE } from '../api/registry.ts';
import { OPEN_CORS } from '../api/http/cors.ts';
import { API_CATALOG_LINK, MARKDOWN_TYPE } from '../core/negotiate.ts';

const HEAD = '# Generated from src/api/registry.ts at build. Do not edit.';

/** `_redirects`: each static public endpoint's URL served from its `.json` file. */
export function redirectsFile(): string {
  const lines = [HEAD, `${PUBLIC_BASE}  ${PUBLIC_BASE}/index.json  200`];
  for (const e of endpointsOf('public')) if (e.static) lines.push(`${e.pattern}  ${e.static.file}  200`);
  return `${lines.join('\n')}\n`;
}

/**
 * `_headers`: static API files get the headers the function gives the same answer (content type, CORS, cache
 * policy, Allow); machine-readable files their types; site pages `Vary: Accept` (the markdown edge function may
 * answer the same URL) and the api-catalog link. `.md` twins get their type from the edge function, since
 * `_headers` cannot match a file extension.
 */
export function headersFile(): string {
  const publicOk = endpointsOf('public').find((e) => e.static)!;
  const blocks: Record<string, Record<string, string>> = {
    '/*': { vary: 'Accept', link: API_CATALOG_LINK },
    [`${PUBLIC_BASE}/*`]: { 'content-type': 'application/json; charset=utf-8', ...OPEN_CORS, ...publicOk.cache.ok, allow: allowedMethods(publicOk).join(', ') },
    '/index.md': { 'content-type': MARKDOWN_TYPE },
    '/404.md': { 'content-type': MARKDOWN_TYPE },
    ...Object.fromEntries(machineFiles.map((f) => [f.path, f.headers])),
  };
  const out = [HEAD];
  for (const [path, headers] of Object.entries(blocks)) out.push(path, ...Object.entries(headers).map(([k, v]) => `  ${titleCase(k)}: ${v}`));
  return `${out.join('\n')}\n`;
}

const titleCase = (name: string) => name.replace(/(^|-)([a-z])/g, (_, d: string, c: string) => d + c.toUpperCase());
