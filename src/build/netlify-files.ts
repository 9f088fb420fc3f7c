import { routes } from '../api/http/routes.ts';
import { OPEN_CORS } from '../api/http/cors.ts';
import { PUBLIC_CACHE } from '../api/public/create-public-api.ts';

/** Prefix under which the public function is mounted on Netlify; the edge function rewrites to it. */
export { PUBLIC_FUNCTION_PREFIX } from '../api/public/function-mount.ts';

/** `_redirects`: each static public route's URL served from its `.json` file, generated from the route table. */
export function redirectsFile(): string {
  const lines = ['# Generated from src/api/http/routes.ts at build. Do not edit.', '/api/v1  /api/v1/index.json  200'];
  for (const r of routes) if (r.file) lines.push(`${r.pattern}  ${r.file}  200`);
  return `${lines.join('\n')}\n`;
}

/** `_headers`: the static API files get the same headers as the function's answers. */
export function headersFile(extra: Record<string, Record<string, string>> = {}): string {
  const blocks: Record<string, Record<string, string>> = {
    '/api/v1/*': { 'Content-Type': 'application/json; charset=utf-8', ...titleCase(OPEN_CORS), 'Cache-Control': PUBLIC_CACHE['cache-control'] },
    ...extra,
  };
  const out = ['# Generated from src/api/http/routes.ts at build. Do not edit.'];
  for (const [path, headers] of Object.entries(blocks)) {
    out.push(path, ...Object.entries(headers).map(([k, v]) => `  ${k}: ${v}`));
  }
  return `${out.join('\n')}\n`;
}

const titleCase = (h: Record<string, string>) =>
  Object.fromEntries(Object.entries(h).map(([k, v]) => [k.replace(/(^|-)([a-z])/g, (_, d: string, c: string) => d + c.toUpperCase()), v]));
