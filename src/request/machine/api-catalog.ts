import { API_CATALOG_PATH, CONTENT_BASE, PUBLIC_BASE } from '../../model/endpoints/registry.ts';
import { MCP_SERVERS } from '../api/mcp/servers.ts';
import { markdownPath } from '../../model/core/urls.ts';

export { API_CATALOG_PATH };
export const OPENAPI_TYPE = 'application/vnd.oai.openapi+json;version=3.1';

/**
 * The RFC 9727 linkset (RFC 9264 JSON): one entry per API, anchored at its base, each pointing at the one OpenAPI
 * document (service-desc, JSON and YAML), its documentation page (service-doc) and, for the public API, its health;
 * one per MCP server, anchored at its endpoint, whose service-desc is its server card (SEP-2127).
 */
export function apiCatalog(site: string) {
  const desc = [
    { href: `${site}/openapi.json`, type: OPENAPI_TYPE },
    { href: `${site}/openapi.yaml`, type: 'application/yaml' },
  ];
  const mcp = Object.values(MCP_SERVERS);
  return {
    linkset: [
      {
        anchor: `${site}${PUBLIC_BASE}/`,
        'service-desc': desc,
        'service-doc': [
          { href: `${site}/docs/public-api/`, type: 'text/html' },
          { href: `${site}/docs/public-api.md`, type: 'text/markdown' },
        ],
        status: [{ href: `${site}${PUBLIC_BASE}/health`, type: 'application/json' }],
      },
      {
        anchor: `${site}${CONTENT_BASE}/`,
        'service-desc': desc,
        'service-doc': [
          { href: `${site}/docs/content-api/`, type: 'text/html' },
          { href: `${site}/docs/content-api.md`, type: 'text/markdown' },
          { href: `${site}/docs/content-client/`, type: 'text/html' },
        ],
      },
      ...mcp.map((m) => ({
        anchor: `${site}${m.path}`,
        'service-desc': [{ href: `${site}${m.card}`, type: 'application/json' }],
        'service-doc': [
          { href: `${site}${m.docs}`, type: 'text/html' },
          { href: `${site}${markdownPath(m.docs)}`, type: 'text/markdown' },
        ],
      })),
      {
        anchor: `${site}${API_CATALOG_PATH}`,
        item: [{ href: `${site}${PUBLIC_BASE}/` }, { href: `${site}${CONTENT_BASE}/` }, ...mcp.map((m) => ({ href: `${site}${m.path}` }))],
      },
    ],
  };
}
