// THE endpoint registry (DESIGN section 3, rule 0). Every endpoint of the public API, the content API and the tools
// API, every machine-readable file and the site's static pages are one entry of data here. The request pipeline
// (dispatch, methods, auth, validation, caching), the static writer, the OpenAPI document, the API indexes, the
// Netlify function paths, the edge router's static paths and `_headers`/`_redirects` all come from this table; nothing
// else lists routes. An endpoint is one module (endpoint.ts): its declaration names its handler module (`*.handler.ts`),
// whose answer its output schema types; the content API's endpoints are such modules, listed below one a line.
// The other APIs' entries are declared here and their handlers bound by `id` in each API's table, typed
// `HandlersOf<api>` (src/request/api/http/handlers-of.ts), so a missing, extra or mistyped handler does not compile; the pipeline
// checks again when it is created (an endpoint without a handler, or without declared auth, is refused). This file
// and the declarations import no handler code (handlers are lazy imports): what reads them loads no handler.
import { COLLECTIONS } from '../catalog/collections.ts';
import { envelopes } from '../schemas/envelopes.ts';
import { API_CATALOG_LINK, API_CATALOG_PATH } from '../core/negotiate.ts';
import { CONTENT_BASE, IMAGES_BASE, MCP_BASE, MCP_SERVER_CARD_PATH, PUBLIC_BASE, SIGNUP_BASE, TOOLS_BASE } from './bases.ts';
import { defineEndpoint, type Api, type Endpoint, type SlugSource } from './endpoint.ts';
import { CACHE } from './cache-policy.ts';
import { cdnQueryParams, withCdnKey } from './cdn-key.ts';
import { lazyObject } from './lazy-object.ts';
import { imageSegment, slugSegment } from './params.ts';
import { blogArticleQuery, blogListQuery, wholeListQuery } from './queries.ts';
import { callAccountMcp } from './content/call-account-mcp.endpoint.ts';
import { getOwnArticle } from './content/get-own-article.endpoint.ts';
import { listOwnArticles } from './content/list-own-articles.endpoint.ts';
import { listOwnProjects } from './content/list-own-projects.endpoint.ts';
import { listOwnTags } from './content/list-own-tags.endpoint.ts';
import { syncOwnArticles } from './content/sync-own-articles.endpoint.ts';
import { streamOwnChanges } from './content/stream-own-changes.endpoint.ts';
import { getHealth } from './public/get-health.endpoint.ts';
import { getIndex } from './public/get-index.endpoint.ts';
import { getPricing } from './public/get-pricing.endpoint.ts';
import { getGlossaryTerm } from './public/get-glossary-term.endpoint.ts';
import { listGlossaryCategories } from './public/list-glossary-categories.endpoint.ts';
import { listGlossaryTerms } from './public/list-glossary-terms.endpoint.ts';
import { listPages } from './public/list-pages.endpoint.ts';
import { wholeListDescription } from './public/public-endpoint.ts';
import { searchPages } from './public/search-pages.endpoint.ts';

export { API_CATALOG_PATH, defineEndpoint };
export type { Api, Endpoint, SlugSource } from './endpoint.ts';
export * from './bases.ts';

const slugPath = lazyObject({ slug: slugSegment });
const imagePath = lazyObject({ image: imageSegment });

// `extra` may not set what the helper sets as a literal: TS types a generic spread as an intersection, and a clash
// (`'none' & 'account-key'`) would make the entry `never`, gone from the handler tables' types.
type PublicExtra = Partial<Pick<Endpoint, 'cache' | 'path' | 'query' | 'output' | 'static'>>;
const pub = <const Id extends string, X extends PublicExtra>(id: Id, pattern: string, doc: Endpoint['doc'], extra: X) =>
  defineEndpoint({
    id,
    api: 'public',
    pattern,
    methods: ['GET'],
    auth: 'none',
    cache: CACHE.public,
    cors: true,
    doc,
    ...extra,
  });
const detail = (slugs: SlugSource) => ({
  path: slugPath,
  static: { file: `${PUBLIC_BASE}/${slugs === 'terms' ? 'glossary' : slugs}/:slug.json`, slugs },
});
const file = (path: string) => ({ static: { file: `${path}.json` } });

const declared = [
  getIndex,
  getHealth,
  listPages,
  searchPages,
  listGlossaryTerms,
  listGlossaryCategories,
  getGlossaryTerm,
  // Each declared collection (src/model/catalog/collections.ts): its list, whole by default, and one entry by slug.
  ...COLLECTIONS.flatMap(({ key, name, api, envelopes: answers }) => [
    pub(
      api.list.id,
      `${PUBLIC_BASE}/${key}`,
      { tag: api.tag, ok: `${name}List`, errors: [400], summary: api.list.summary, description: wholeListDescription(api.noun.every) },
      { query: wholeListQuery, output: answers.list, ...file(`${PUBLIC_BASE}/${key}`) },
    ),
    pub(
      api.detail.id,
      `${PUBLIC_BASE}/${key}/:slug`,
      { tag: api.tag, ok: `${name}Response`, errors: [404], summary: api.detail.summary, description: api.detail.description },
      { output: answers.detail, ...detail(key) },
    ),
  ]),
  getPricing,
  pub(
    'listBlogArticles',
    `${PUBLIC_BASE}/articles`,
    {
      tag: 'Blog',
      ok: 'ArticleList',
      errors: [400, 502],
      summary: 'The company blog: published articles, newest first.',
      description:
        'Read live from the content store, so a publish shows within a minute; 502 `upstream_unavailable` when the store does not answer in time.',
    },
    { query: blogListQuery, output: () => envelopes.ArticleList, cache: CACHE.blog },
  ),
  pub(
    'getBlogArticle',
    `${PUBLIC_BASE}/articles/:slug`,
    {
      tag: 'Blog',
      ok: 'ArticleResponse',
      errors: [400, 404, 502],
      summary: 'One blog article as markdown, HTML or both.',
      description: 'The article with the body or bodies `format` asks for; 404 for an unknown or retired slug.',
    },
    { path: slugPath, query: blogArticleQuery, output: () => envelopes.ArticleResponse, cache: CACHE.blog },
  ),

  // The content API (/v1): one declaration per endpoint (content/*.endpoint.ts, its handler in
  // src/request/api/content/), as the public API's converted endpoints are (public/*.endpoint.ts).
  listOwnProjects,
  listOwnArticles,
  getOwnArticle,
  syncOwnArticles,
  listOwnTags,
  streamOwnChanges,
  callAccountMcp,
  // The MCP servers send their own open CORS headers (MCP's methods and headers, which the public API's do not allow).
  defineEndpoint({ id: 'callPublicMcp', api: 'mcp', pattern: MCP_BASE, methods: ['POST'], auth: 'none', cache: CACHE.live, cors: false }),
  defineEndpoint({
    id: 'getMcpServerCard',
    api: 'mcp',
    pattern: MCP_SERVER_CARD_PATH,
    methods: ['GET'],
    auth: 'none',
    cache: CACHE.public,
    cors: false,
  }),
  defineEndpoint({
    id: 'getMcpServerCardOf',
    api: 'mcp',
    pattern: `${MCP_SERVER_CARD_PATH}/:slug`,
    methods: ['GET'],
    auth: 'none',
    cache: CACHE.public,
    cors: false,
    path: slugPath,
  }),
  defineEndpoint({
    id: 'runServerTool',
    api: 'tools',
    pattern: `${TOOLS_BASE}/:slug`,
    methods: ['POST'],
    auth: 'none',
    cache: CACHE.live,
    cors: false,
    path: slugPath,
  }),
  // The /start/ form's trial sign-up: stored, announced to the team, never cached; a form post or JSON (src/request/api/signup/).
  defineEndpoint({
    id: 'createSignup',
    api: 'signup',
    pattern: SIGNUP_BASE,
    methods: ['POST'],
    auth: 'none',
    cache: CACHE.live,
    cors: false,
  }),
  // A page's Open Graph image by its content key, rendered on the first request (src/request/seo/og-image-api.ts) unless the
  // build wrote it (the pages that matter most): the file answers first, as on Netlify (`preferStatic`).
  defineEndpoint({
    id: 'getOgImage',
    api: 'images',
    pattern: `${IMAGES_BASE}/:image`,
    methods: ['GET'],
    auth: 'none',
    cache: CACHE.immutable,
    cors: false,
    path: imagePath,
    static: { file: `${IMAGES_BASE}/:image`, preferStatic: true },
  }),
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
