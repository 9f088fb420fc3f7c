// THE endpoint registry (DESIGN section 3, rule 0). Every endpoint of the public API, the content API and the tools
// API, every machine-readable file and the site's static pages are one entry of data here. The request pipeline
// (dispatch, methods, auth, validation, caching), the static writer, the OpenAPI document, the API indexes, the
// Netlify function paths, the edge router and `_headers`/`_redirects` all read this table; nothing else lists routes.
// Handlers are bound by `id` in each API's handler table, typed `HandlersOf<api>` (http/handlers-of.ts) from the
// entries as declared here (their literal ids and schemas), so a missing, extra or mistyped handler does not compile;
// the pipeline checks again when it is created (an endpoint without a handler, or without declared auth, is refused).
// This file imports only lazily built zod schemas, so the edge bundle can include it.
import type { EnvelopeName } from '../schemas/envelopes.ts';
import { COLLECTIONS, type CollectionKey } from '../catalog/collections.ts';
import { API_CATALOG_LINK, API_CATALOG_PATH } from '../core/negotiate.ts';

export { API_CATALOG_PATH };
import { CACHE, type CachePolicy } from './http/cache-policy.ts';
import { cdnQueryParams, withCdnKey } from './http/cdn-key.ts';
import { lazyObject, type LazyObject } from './http/lazy-object.ts';
import { imageSegment, slugSegment } from './http/params.ts';
import {
  blogArticleQuery,
  blogListQuery,
  contentDetailQuery,
  contentListQuery,
  glossaryQuery,
  pagesQuery,
  searchQuery,
  syncQuery,
  wholeListQuery,
} from './queries.ts';

export type Api = 'public' | 'content' | 'tools' | 'mcp' | 'images';
export type Method = 'GET' | 'POST';
export type Auth = 'none' | 'account-key';
/** The catalog lists whose slugs fill a detail endpoint's static files: the glossary's terms or a collection. */
export type SlugSource = 'terms' | CollectionKey;

export interface Endpoint {
  /** Handler key and OpenAPI operationId. */
  id: string;
  api: Api;
  /** URL path; `:name` is one path segment, validated by `path`. A trailing slash is accepted. */
  pattern: string;
  /** Declared methods. HEAD follows GET, OPTIONS is always answered; anything else is 405 with `Allow`. */
  methods: readonly Method[];
  /** Required: an endpoint that declares no auth is refused when the pipeline is created (fail closed). */
  auth: Auth;
  /** Path parameters: a value that fails its schema names nothing, so it is a 404. */
  path?: LazyObject;
  /** Query parameters: a value that fails is 400 `invalid_query` naming the parameter. */
  query?: LazyObject;
  cache: CachePolicy;
  /** Open CORS (the public API). The keyed API and the tools never send CORS headers. */
  cors: boolean;
  /** Content API rate-limit bucket. */
  bucket?: 'list' | 'detail';
  /**
   * The query-less answer is a file of the build: written by calling the handler, served without a function.
   * `preferStatic`: the file answers whatever the query string, as Netlify's `preferStatic` does (the CDN looks at the
   * path alone), for an endpoint that reads no query and whose function declares it.
   */
  static?: { file: string; slugs?: SlugSource; preferStatic?: boolean };
  /** OpenAPI metadata; absent for same-site endpoints that are not part of the public contract. */
  doc?: {
    summary: string;
    description: string;
    tag: string;
    ok: EnvelopeName | `${string}List` | `${string}Response`;
    errors: readonly number[];
  };
}

export const PUBLIC_BASE = '/api/v1';
export const CONTENT_BASE = '/v1';
export const TOOLS_BASE = '/tools-api';
/** The public MCP server (Streamable HTTP); the account-scoped one is `${CONTENT_BASE}/mcp`. */
export const MCP_BASE = '/mcp';
/**
 * MCP server cards where SEP-2127 (MCP Server Cards, the draft that superseded SEP-1649's `/.well-known/mcp.json`)
 * puts them: the site's own server at the bare path, another server of the domain below it by name.
 */
export const MCP_SERVER_CARD_PATH = '/.well-known/mcp/server-card';
/**
 * Open Graph images by content (src/seo/og-image-key.ts): `/og-image/{key}.png`, where the key is a hash of everything
 * that shapes the image, so an answer never changes and may be cached for ever. Apart from the readable `/og/` and
 * `/covers/` files of the pages the build renders, which stay site paths.
 */
export const IMAGES_BASE = '/og-image';

const slugPath = lazyObject({ slug: slugSegment });
const imagePath = lazyObject({ image: imageSegment });

/** An entry with its literal id, API, auth and schemas kept in its type: the handler tables are checked against them. */
export const defineEndpoint = <const E extends Endpoint>(entry: E): E => entry;

// `extra` may not set what the helper sets as a literal: TS types a generic spread as an intersection, and a clash
// (`'none' & 'account-key'`) would make the entry `never`, gone from the handler tables' types.
type PublicExtra = Partial<Pick<Endpoint, 'cache' | 'path' | 'query' | 'static'>>;
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
type OwnExtra = Partial<Pick<Endpoint, 'bucket' | 'path' | 'query'>>;
/** A content API read, keyed. */
const own = <const Id extends string, X extends OwnExtra>(id: Id, path: string, extra: X, doc: Endpoint['doc']) =>
  defineEndpoint({
    id,
    api: 'content',
    pattern: `${CONTENT_BASE}/${path}`,
    methods: ['GET'],
    auth: 'account-key',
    cache: CACHE.keyed,
    cors: false,
    ...extra,
    doc,
  });
const ownErrors = [400, 401, 403, 404, 429, 503];
const detail = (slugs: SlugSource) => ({
  path: slugPath,
  static: { file: `${PUBLIC_BASE}/${slugs === 'terms' ? 'glossary' : slugs}/:slug.json`, slugs },
});
const file = (path: string) => ({ static: { file: `${path}.json` } });
const whole = (what: string) => `Every ${what}, whole by default (the list is short); \`page\` and \`limit\` page it when given.`;

const declared = [
  pub(
    'getIndex',
    `${PUBLIC_BASE}/`,
    {
      tag: 'Public API',
      ok: 'IndexResponse',
      errors: [],
      summary: 'This index: every endpoint of the public API.',
      description: 'Names the documentation, the OpenAPI document, llms.txt and every endpoint with its absolute URL.',
    },
    { static: { file: `${PUBLIC_BASE}/index.json` } },
  ),
  pub(
    'getHealth',
    `${PUBLIC_BASE}/health`,
    {
      tag: 'Public API',
      ok: 'HealthResponse',
      errors: [],
      summary: 'Service health; no authentication, no rate limit.',
      description: 'Answered live by the function on every request (`time` is now); never cached.',
    },
    { cache: CACHE.live },
  ),
  pub(
    'listPages',
    `${PUBLIC_BASE}/pages`,
    {
      tag: 'Site',
      ok: 'PageList',
      errors: [400],
      summary: 'Every site page with its HTML and markdown URLs; filter by kind.',
      description:
        'Every page of the site (glossary, tools, agents, features, comparisons, docs and the rest), newest structure first, paginated.',
    },
    { query: pagesQuery, ...file(`${PUBLIC_BASE}/pages`) },
  ),
  pub(
    'searchPages',
    `${PUBLIC_BASE}/search`,
    {
      tag: 'Site',
      ok: 'SearchResponse',
      errors: [400, 503],
      summary: 'Token search over page titles and descriptions, best match first.',
      description:
        'Every whitespace-separated token of `q` must match a word of the title or description by prefix, case- and accent-insensitively; results are ranked by BM25 with title matches boosted.',
    },
    { query: searchQuery },
  ),
  pub(
    'listGlossaryTerms',
    `${PUBLIC_BASE}/glossary`,
    {
      tag: 'Glossary',
      ok: 'GlossaryTermList',
      errors: [400],
      summary: 'Glossary terms; filter by category or q, full=true for sections.',
      description: 'Terms in title order, paginated. List items leave out `sections`, `key_points` and `sources` unless `full=true`.',
    },
    { query: glossaryQuery, ...file(`${PUBLIC_BASE}/glossary`) },
  ),
  pub(
    'listGlossaryCategories',
    `${PUBLIC_BASE}/glossary/categories`,
    {
      tag: 'Glossary',
      ok: 'GlossaryCategoryList',
      errors: [400],
      summary: 'Glossary categories with term counts.',
      description: whole('glossary category'),
    },
    { query: wholeListQuery, ...file(`${PUBLIC_BASE}/glossary/categories`) },
  ),
  pub(
    'getGlossaryTerm',
    `${PUBLIC_BASE}/glossary/:slug`,
    {
      tag: 'Glossary',
      ok: 'GlossaryTermResponse',
      errors: [404],
      summary: 'One glossary term with every section and source.',
      description: 'The whole term: definition, TL;DR, sections, key points, related terms and sources.',
    },
    detail('terms'),
  ),
  // Each declared collection (src/catalog/collections.ts): its list, whole by default, and one entry by slug.
  ...COLLECTIONS.flatMap(({ key, name, api }) => [
    pub(
      api.list.id,
      `${PUBLIC_BASE}/${key}`,
      { tag: api.tag, ok: `${name}List`, errors: [400], summary: api.list.summary, description: whole(api.noun.every) },
      { query: wholeListQuery, ...file(`${PUBLIC_BASE}/${key}`) },
    ),
    pub(
      api.detail.id,
      `${PUBLIC_BASE}/${key}/:slug`,
      { tag: api.tag, ok: `${name}Response`, errors: [404], summary: api.detail.summary, description: api.detail.description },
      detail(key),
    ),
  ]),
  pub(
    'getPricing',
    `${PUBLIC_BASE}/pricing`,
    {
      tag: 'Product',
      ok: 'PricingResponse',
      errors: [],
      summary: 'Plans and the bring-your-own-key offer, in USD.',
      description: 'Every plan with its monthly and yearly price and limits, and the bring-your-own-key offer.',
    },
    file(`${PUBLIC_BASE}/pricing`),
  ),
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
    { query: blogListQuery, cache: CACHE.blog },
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
    { path: slugPath, query: blogArticleQuery, cache: CACHE.blog },
  ),

  own(
    'listOwnProjects',
    'projects',
    { bucket: 'list' },
    {
      tag: 'Content API',
      ok: 'OwnProjectList',
      errors: [401, 429, 503],
      summary: "The account's projects.",
      description: "Every project of the key's account with its API switch; pass an `id` as `projectId` to the article endpoints.",
    },
  ),
  own(
    'listOwnArticles',
    'articles',
    { bucket: 'list', query: contentListQuery },
    {
      tag: 'Content API',
      ok: 'OwnArticleList',
      errors: ownErrors,
      summary: "A project's published article cards.",
      description:
        'Published articles of the project as cards, paginated; pass `updatedSince` with the time of your last sync to get only what changed.',
    },
  ),
  own(
    'getOwnArticle',
    'articles/:slug',
    { bucket: 'detail', path: slugPath, query: contentDetailQuery },
    {
      tag: 'Content API',
      ok: 'OwnArticleResponse',
      errors: ownErrors,
      summary: 'One published article of a project.',
      description:
        'An unpublished article answers 404; a consolidated one carries `redirect_to` and `redirect_type` (permanent: 301, else 302); `noindex` true also sends `X-Robots-Tag: noindex`.',
    },
  ),
  own(
    'syncOwnArticles',
    'sync',
    { bucket: 'list', query: syncQuery },
    {
      tag: 'Content API',
      ok: 'SyncResponse',
      errors: ownErrors,
      summary: "A project's changes since a cursor: upserts and removals, in change order.",
      description:
        'Without `cursor`, a full sync: every listed article as an upsert. Follow `next_cursor` while `has_more`; keep the last `next_cursor` and send it next time to get only what changed since, removals (unpublished, redirected) included. Keyset-ordered by change, so nothing is skipped or repeated while articles change. A malformed, foreign or expired cursor is 400 `invalid_query` naming `cursor`: start again without one.',
    },
  ),
  // The MCP servers (src/api/mcp/). JSON-RPC over Streamable HTTP, stateless and answered as JSON: POST only (GET
  // would open an SSE stream a stateless server never writes to, so it is 405, which MCP clients expect). Neither
  // is part of the OpenAPI contract (no `doc`); src/api/mcp/servers.ts describes them for the discovery files.
  // The account server is under /v1 so the content API's function serves it; it declares no pipeline auth because
  // the pipeline would count every JSON-RPC message against a quota: it refuses a request without a key itself,
  // and each tool call is a /v1 request of its own, through the same gate, limits and buckets.
  defineEndpoint({
    id: 'callAccountMcp',
    api: 'content',
    pattern: `${CONTENT_BASE}/mcp`,
    methods: ['POST'],
    auth: 'none',
    cache: CACHE.live,
    cors: false,
  }),
  // The MCP runtime sends its own open CORS headers (MCP's methods and headers, which the public API's do not allow).
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
  // A page's Open Graph image by its content key, rendered on the first request (src/seo/og-image-api.ts) unless the
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

/** Every entry as declared, with its literal id, API and schemas: what `HandlersOf` (http/handlers-of.ts) reads. */
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
/** Site pages and files: read-only. */
export const SITE_METHODS: readonly Method[] = ['GET'];

/** The APIs' roots: every unknown path under them is a JSON 404, never the site's HTML. */
export const API_ROOTS: Record<Api, string> = {
  public: PUBLIC_BASE,
  content: CONTENT_BASE,
  tools: TOOLS_BASE,
  mcp: MCP_BASE,
  images: IMAGES_BASE,
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
};

/** Methods a client may send to an endpoint: the declared ones, HEAD with GET, and OPTIONS. */
export const allowedMethods = (e: Pick<Endpoint, 'methods'>): string[] => [
  ...e.methods,
  ...(e.methods.includes('GET') ? ['HEAD'] : []),
  'OPTIONS',
];

/** The endpoints of one API. */
export const endpointsOf = (api: Api): Endpoint[] => endpoints.filter((e) => e.api === api);
