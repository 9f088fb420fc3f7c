import { stringify } from 'yaml';
import type { RateLimits } from '../../api/content/limits.ts';
import { API_CATALOG_PATH } from '../../../model/endpoints/registry.ts';
import { MCP_SERVERS } from '../../api/mcp/servers.ts';
import { KEY_HEADER_RULE } from '../../api/http/request-key.ts';
import { COLLECTIONS } from '../../../model/catalog/collections.ts';
import { componentSchemas } from './components.ts';
import { headers } from './responses.ts';
import { operations } from './operations.ts';
import { webhookOperations } from './webhook-operations.ts';

export const OPENAPI_VERSION = '1.0.0';

/**
 * The one OpenAPI 3.1 document of both APIs: paths from the route table, schemas from zod, each webhook event
 * under `webhooks`. Paths carry their API's base (/api/v1, /v1), so one server, the site, serves both. `limits` are
 * the content API's configured ones (limitsFrom(config)), stated in the description.
 */
export function openApiDocument(site: string, limits: RateLimits) {
  const n = (v: number) => v.toLocaleString('en-US');
  return {
    openapi: '3.1.1',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'Skribra APIs',
      version: OPENAPI_VERSION,
      summary: 'The public content API (/api/v1) and the authenticated content API (/v1).',
      description: [
        'Two JSON APIs. The **public API** (`/api/v1`) serves what the site publishes: glossary, tools, agents, features, comparisons, pricing, pages, search and the blog. No key, CORS open to any origin.',
        `The **content API** (\`/v1\`) serves an account's own published articles. ${KEY_HEADER_RULE} The key is for servers only. Limits per account: ${n(limits.list.hour)} list requests an hour and ${n(limits.list.day)} a day, ${n(limits.detail.hour)} detail requests an hour and ${n(limits.detail.day)} a day (a sync page is one list request); over them: 429 \`rate_limited\` with \`Retry-After\`. Responses carry \`Cache-Control: public, max-age=60\` and an \`ETag\` for conditional requests.`,
        'Errors are `{ "code", "message" }` with a stable code (spec section 7). Every site page is also available as markdown: append `.md` or send `Accept: text/markdown`.',
      ].join('\n\n'),
      contact: { name: 'Skribra', url: `${site}/contact/` },
      license: { name: 'Proprietary; the public API may be used by anyone under the terms', url: `${site}/terms/` },
    },
    servers: [{ url: site, description: 'The site; the public API lives under /api/v1 and the content API under /v1.' }],
    externalDocs: { description: 'Developer docs', url: `${site}/docs/` },
    tags: [
      { name: 'Public API', description: 'Index and health.' },
      { name: 'Site', description: 'Pages and search.' },
      { name: 'Glossary', description: 'SEO glossary terms and their categories.' },
      { name: 'Tools', description: 'The free SEO tools of the site.' },
      { name: 'Product', description: 'Agents, features, comparisons and pricing.' },
      // A collection with a tag of its own (src/model/catalog/collections.ts) describes it; each once, in declaration order.
      ...[
        ...new Map(
          COLLECTIONS.filter((c) => c.api.tagDescription).map((c) => [c.api.tag, { name: c.api.tag, description: c.api.tagDescription! }]),
        ).values(),
      ],
      { name: 'Blog', description: 'The company blog; its source is live, so 502 upstream_unavailable is possible.' },
      {
        name: 'Content API',
        description: 'Authenticated: your own published articles.',
        externalDocs: { url: `${site}/docs/content-api/` },
      },
    ],
    paths: operations(limits),
    webhooks: webhookOperations(site),
    components: {
      schemas: componentSchemas(),
      headers,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'The account API key: `Authorization: Bearer <key>`.' },
        apiKeyHeader: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Api-Key',
          description: `The same key, for runtimes where Authorization is awkward. ${KEY_HEADER_RULE}`,
        },
      },
    },
    'x-api-catalog': `${site}${API_CATALOG_PATH}`,
    // Not OpenAPI operations (JSON-RPC over one POST endpoint each): named here, described by their server cards.
    'x-mcp': Object.values(MCP_SERVERS).map((m) => ({
      name: m.title,
      url: `${site}${m.path}`,
      transport: 'streamable-http',
      authentication: m.auth === 'account-key' ? 'bearer' : 'none',
      description: m.description,
      'server-card': `${site}${m.card}`,
      documentation: `${site}${m.docs}`,
    })),
  };
}

export const openApiJson = (site: string, limits: RateLimits): string => `${JSON.stringify(openApiDocument(site, limits), null, 2)}\n`;
/** YAML of the same document; aliases off so every reader sees plain, repeated nodes. */
export const openApiYaml = (site: string, limits: RateLimits): string =>
  stringify(openApiDocument(site, limits), { aliasDuplicateObjects: false, lineWidth: 0 });
