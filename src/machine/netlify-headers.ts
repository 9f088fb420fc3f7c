import { API_CATALOG_LINK, MARKDOWN_TYPE } from '../core/negotiate.ts';
import { API_CATALOG_PATH, API_CATALOG_TYPE } from './api-catalog.ts';

const OPEN = { 'Access-Control-Allow-Origin': '*' };

/**
 * `_headers` blocks for the machine-readable files on Netlify (the local origin sets the same in serve-site.ts).
 * Site pages say `Vary: Accept` because the markdown edge function may answer the same URL; `.md` twins get their
 * type from the edge function `markdown-suffix`, since `_headers` cannot match a file extension.
 */
export function machineReadableHeaders(): Record<string, Record<string, string>> {
  return {
    '/*': { Vary: 'Accept', Link: API_CATALOG_LINK },
    '/index.md': { 'Content-Type': MARKDOWN_TYPE },
    '/404.md': { 'Content-Type': MARKDOWN_TYPE },
    '/llms.txt': { 'Content-Type': 'text/plain; charset=utf-8', ...OPEN },
    '/llms-full.txt': { 'Content-Type': 'text/plain; charset=utf-8', ...OPEN },
    '/openapi.json': { 'Content-Type': 'application/json; charset=utf-8', ...OPEN },
    '/api/openapi.json': { 'Content-Type': 'application/json; charset=utf-8', ...OPEN },
    '/openapi.yaml': { 'Content-Type': 'application/yaml; charset=utf-8', ...OPEN },
    '/api/openapi.yaml': { 'Content-Type': 'application/yaml; charset=utf-8', ...OPEN },
    [API_CATALOG_PATH]: { 'Content-Type': API_CATALOG_TYPE, ...OPEN },
    '/sitemap.xml': { 'Content-Type': 'application/xml; charset=utf-8' },
  };
}
