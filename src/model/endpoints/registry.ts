// THE endpoint registry (DESIGN section 3, rule 0): every endpoint, each declared in a module of its own
// ({api}/{id}.endpoint.ts; the collections' by their collection, public/collection-endpoints.ts) and listed here one a
// line, and the machine-readable files. The request pipeline (dispatch, methods, auth, validation, caching), the
// static writer, the OpenAPI document, the API indexes, the MCP servers' tools, the client, the Netlify function
// paths, the edge router's static paths and `_headers`/`_redirects` all come from this list; nothing else lists
// routes. An endpoint's handler is its API's `{id}.handler.ts` (`module: true`: the content API's and the public API's
// reads) or the entry under its id in its API's table, typed `HandlersOf<api>` (src/request/api/http/handlers-of.ts),
// so a missing, extra or mistyped handler does not compile; the pipeline checks again when it is created (an endpoint
// without a handler, or without declared auth, is refused). The declarations import no handler code: what reads them
// loads no handler.
import { API_CATALOG_LINK, API_CATALOG_PATH } from '../core/negotiate.ts';
import { CONTENT_BASE, IMAGES_BASE, MCP_BASE, MCP_SERVER_CARD_PATH, PUBLIC_BASE, SIGNUP_BASE, TOOLS_BASE } from './bases.ts';
import { defineEndpoint, type Api, type Endpoint } from './endpoint.ts';
import { cdnQueryParams, withCdnKey } from './cdn-key.ts';
import { callAccountMcp } from './content/call-account-mcp.endpoint.ts';
import { getOwnArticle } from './content/get-own-article.endpoint.ts';
import { listOwnArticles } from './content/list-own-articles.endpoint.ts';
import { listOwnProjects } from './content/list-own-projects.endpoint.ts';
import { listOwnTags } from './content/list-own-tags.endpoint.ts';
import { syncOwnArticles } from './content/sync-own-articles.endpoint.ts';
import { streamOwnChanges } from './content/stream-own-changes.endpoint.ts';
import { getOgImage } from './images/get-og-image.endpoint.ts';
import { callPublicMcp } from './mcp/call-public-mcp.endpoint.ts';
import { getMcpServerCard } from './mcp/get-mcp-server-card.endpoint.ts';
import { getMcpServerCardOf } from './mcp/get-mcp-server-card-of.endpoint.ts';
import { collectionEndpoints } from './public/collection-endpoints.ts';
import { getBlogArticle } from './public/get-blog-article.endpoint.ts';
import { getHealth } from './public/get-health.endpoint.ts';
import { getIndex } from './public/get-index.endpoint.ts';
import { getPricing } from './public/get-pricing.endpoint.ts';
import { getGlossaryTerm } from './public/get-glossary-term.endpoint.ts';
import { listBlogArticles } from './public/list-blog-articles.endpoint.ts';
import { listGlossaryCategories } from './public/list-glossary-categories.endpoint.ts';
import { listGlossaryTerms } from './public/list-glossary-terms.endpoint.ts';
import { listPages } from './public/list-pages.endpoint.ts';
import { searchPages } from './public/search-pages.endpoint.ts';
import { createSignup } from './signup/create-signup.endpoint.ts';
import { runServerTool } from './tools/run-server-tool.endpoint.ts';

export { API_CATALOG_PATH, defineEndpoint };
export type { Api, Endpoint } from './endpoint.ts';
export * from './bases.ts';

const declared = [
  getIndex,
  getHealth,
  listPages,
  searchPages,
  listGlossaryTerms,
  listGlossaryCategories,
  getGlossaryTerm,
  ...collectionEndpoints,
  getPricing,
  listBlogArticles,
  getBlogArticle,
  listOwnProjects,
  listOwnArticles,
  getOwnArticle,
  syncOwnArticles,
  listOwnTags,
  streamOwnChanges,
  callAccountMcp,
  callPublicMcp,
  getMcpServerCard,
  getMcpServerCardOf,
  runServerTool,
  createSignup,
  getOgImage,
];

/** Every entry as declared, with its literal id, API and schemas: what `HandlersOf` (src/request/api/http/handlers-of.ts) reads. */
export type DeclaredEndpoint = (typeof declared)[number];
/** The query parameters the CDN keys its stored answers on (Netlify-Vary), from the entries it stores by query. */
export const QUERY_PARAMS: readonly string[] = cdnQueryParams(declared);
/** The registry: every entry, its policy carrying the CDN's cache key where the CDN stores its answer by query. */
export const endpoints: readonly Endpoint[] = declared.map(withCdnKey(QUERY_PARAMS));

/**
 * Machine-readable files of the build (spec 4.3) and the headers the extension does not give them: the local origin
 * serves them with these and `_headers` is generated from the same table.
 */
/** RFC 9727 section 4.2: the media type with the profile parameter the RFC registers. */
export const API_CATALOG_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';
const OPEN = { 'access-control-allow-origin': '*' };
export const machineFiles: readonly { path: string; headers: Record<string, string> }[] = [
  { path: API_CATALOG_PATH, headers: { 'content-type': API_CATALOG_TYPE, ...OPEN, link: API_CATALOG_LINK } },
  ...['/openapi.json', '/api/openapi.json'].map((path) => ({
    path,
    headers: { 'content-type': 'application/json; charset=utf-8', ...OPEN },
  })),
  ...['/openapi.yaml', '/api/openapi.yaml'].map((path) => ({
    path,
    headers: { 'content-type': 'application/yaml; charset=utf-8', ...OPEN },
  })),
  ...['/llms.txt', '/llms-full.txt'].map((path) => ({ path, headers: { 'content-type': 'text/plain; charset=utf-8', ...OPEN } })),
  { path: '/sitemap.xml', headers: { 'content-type': 'application/xml; charset=utf-8' } },
  { path: '/robots.txt', headers: { 'content-type': 'text/plain; charset=utf-8' } },
];

/** The APIs' roots: every unknown path under them is a JSON 404, never the site's HTML. */
export const API_ROOTS: Record<Api, string> = {
  public: PUBLIC_BASE,
  content: CONTENT_BASE,
  tools: TOOLS_BASE,
  mcp: MCP_BASE,
  images: IMAGES_BASE,
  signup: SIGNUP_BASE,
};

/**
 * Where each API runs on Netlify, as the literal `config.path` of its function or edge router must say (Netlify
 * reads configs statically; tests/public/netlify-wiring.test.ts holds the literals to this): the whole root, so every
 * endpoint added under it is served and every unknown path under it gets the API's JSON 404.
 */
export const NETLIFY_PATHS: Record<Api, string[]> = {
  public: [PUBLIC_BASE, `${PUBLIC_BASE}/*`],
  content: [CONTENT_BASE, `${CONTENT_BASE}/*`],
  tools: [TOOLS_BASE, `${TOOLS_BASE}/*`],
  mcp: [MCP_BASE, `${MCP_BASE}/*`, MCP_SERVER_CARD_PATH, `${MCP_SERVER_CARD_PATH}/*`],
  images: [IMAGES_BASE, `${IMAGES_BASE}/*`],
  signup: [SIGNUP_BASE, `${SIGNUP_BASE}/*`],
};

/** The endpoints of one API. */
export const endpointsOf = (api: Api): Endpoint[] => endpoints.filter((e) => e.api === api);
