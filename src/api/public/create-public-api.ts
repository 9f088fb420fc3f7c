import { ApiError, notFound } from '../http/api-error.ts';
import { OPEN_CORS, preflight } from '../http/cors.ts';
import { parseQuery } from '../http/parse-query.ts';
import { json, toErrorResponse, withoutBody } from '../http/respond.ts';
import { matchRoute, routes, PUBLIC_BASE, type Route } from '../http/routes.ts';
import { paginate } from '../../core/paginate.ts';
import { normalise, searchPages, type SearchIndex } from '../../core/search.ts';
import type { ArticleSource } from './article-source.ts';
import type { Catalog } from './catalog.ts';
import { articleQuery, articlesQuery, glossaryQuery, pagesQuery, QUERY_PARAMS, searchQuery, wholeListQuery } from './query-schemas.ts';

export interface PublicApiDeps {
  catalog: Catalog;
  index?: SearchIndex;
  articles?: ArticleSource;
  now?: () => Date;
}

type Handler = (params: Record<string, string>, query: URLSearchParams) => unknown | Promise<unknown>;

/** Netlify's CDN keys a cached answer on the parameters the API reads, and on nothing else in the query. */
const VARY = `query=${QUERY_PARAMS.join('|')}`;
/** CDN caching: five minutes everywhere. */
export const PUBLIC_CACHE = {
  'cache-control': 'public, max-age=300',
  'netlify-cdn-cache-control': 'public, durable, s-maxage=300, stale-while-revalidate=60',
  'netlify-vary': VARY,
};
/** The blog is live: revalidate briefly, and let a CDN serve a stale copy while the store is down. */
const ARTICLE_CACHE = {
  'cache-control': 'public, max-age=60, stale-while-revalidate=60, stale-if-error=86400',
  'netlify-cdn-cache-control': 'public, durable, s-maxage=60, stale-while-revalidate=300, stale-if-error=86400',
  'netlify-vary': VARY,
};
/** Health says how the function is now; no cache may answer for it. */
const NO_STORE = { 'cache-control': 'no-store' };

/** A value computed on first use: glossary terms are parsed only when a glossary request needs them. */
const lazy = <T>(make: () => T): (() => T) => { let value: T | undefined; return () => (value ??= make()); };

const bySlug = <T extends { slug: string }>(items: () => readonly T[], what: string) => {
  const map = lazy(() => new Map(items().map((i) => [i.slug, i])));
  return ({ slug }: Record<string, string>) => {
    const found = map().get(slug!);
    if (!found) throw notFound(`${what} with slug "${slug}"`);
    return { data: found };
  };
};
/** An unpaginated list (spec 2.1): everything by default, `page`/`limit` honoured when given. */
const wholeList = <T>(items: readonly T[]): Handler => {
  const schema = wholeListQuery(items.length);
  return (_, query) => {
    const { page, limit } = parseQuery(schema, query);
    return { data: paginate(items, page, limit) };
  };
};

/** Glossary list items leave out the long fields unless `full=true`. */
const termListItem = ({ sections: _s, key_points: _k, sources: _o, ...rest }: Catalog['terms'][number]) => rest;

async function fromSource<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    console.error('blog source failed:', (err as Error).message);
    throw new ApiError(502, 'upstream_unavailable', 'The blog is temporarily unavailable; try again shortly.', { 'retry-after': '30' });
  }
}

/** The public API as one web-standard handler. Every query-less GET equals its static file byte for byte. */
export function createPublicApi({ catalog, index, articles, now = () => new Date() }: PublicApiDeps): (req: Request) => Promise<Response> {
  const { site_url: site } = catalog;
  // Everything a request could recompute is derived once here: the function serves many requests per instance.
  const pagesByKind = Map.groupBy(catalog.pages, (p) => p.kind);
  const termItems = lazy(() => catalog.terms.map(termListItem));
  const termText = lazy(() => catalog.terms.map((t) => [normalise(t.title), normalise(t.definition)] as const));
  const comparisonSummaries = catalog.comparisons.map(({ slug, competitor, title, description, url, markdown_url }) => ({ slug, competitor, title, description, url, markdown_url }));

  const handlers: Record<string, Handler> = {
    '/api/v1/': () => ({
      data: {
        name: 'Skribra public API',
        version: '1.0.0',
        documentation: `${site}/docs/public-api/`,
        openapi: `${site}/openapi.json`,
        llms_txt: `${site}/llms.txt`,
        endpoints: routes.filter((r) => r.api !== 'tools').map((r: Route) => ({ path: r.pattern, url: `${site}${r.pattern}`, description: r.description })),
      },
    }),
    '/api/v1/health': () => ({ data: { status: 'ok', time: now().toISOString() } }),
    '/api/v1/pages': (_, query) => {
      const { kind, page, limit } = parseQuery(pagesQuery, query);
      return { data: paginate(kind ? pagesByKind.get(kind) ?? [] : catalog.pages, page, limit) };
    },
    '/api/v1/search': (_, query) => {
      const { q, limit } = parseQuery(searchQuery, query);
      if (!index) throw new ApiError(503, 'unavailable', 'The search index is not loaded.');
      const { total, hits } = searchPages(index, q, limit);
      return { data: { query: q, total, items: hits.map(({ id, score }) => ({ ...catalog.pages[id]!, score })) } };
    },
    '/api/v1/glossary': (_, query) => {
      const { category, q, full, page, limit } = parseQuery(glossaryQuery, query);
      const needle = q ? normalise(q.trim()) : '';
      const source = full ? catalog.terms : termItems();
      const text = needle ? termText() : [];
      const terms = !category && !needle ? source : source.filter((t, i) => (!category || t.category === category)
        && (!needle || text[i]![0].includes(needle) || text[i]![1].includes(needle)));
      return { data: paginate(terms, page, limit) };
    },
    '/api/v1/glossary/categories': wholeList(catalog.categories),
    '/api/v1/glossary/:slug': bySlug(() => catalog.terms, 'glossary term'),
    '/api/v1/tools': wholeList(catalog.tools),
    '/api/v1/tools/:slug': bySlug(() => catalog.tools, 'tool'),
    '/api/v1/agents': wholeList(catalog.agents),
    '/api/v1/agents/:slug': bySlug(() => catalog.agents, 'agent'),
    '/api/v1/features': wholeList(catalog.features),
    '/api/v1/features/:slug': bySlug(() => catalog.features, 'feature'),
    '/api/v1/comparisons': wholeList(comparisonSummaries),
    '/api/v1/comparisons/:slug': bySlug(() => catalog.comparisons, 'comparison'),
    '/api/v1/pricing': () => ({ data: catalog.pricing }),
    '/api/v1/articles': async (_, query) => {
      const { q, page, limit } = parseQuery(articlesQuery, query);
      const { items, total } = await fromSource(() => requireSource(articles).list({ q, page, limit }));
      const pagination = paginate(new Array(total), page, limit).pagination;
      return { data: { items, pagination } };
    },
    '/api/v1/articles/:slug': async ({ slug }, query) => {
      const { format } = parseQuery(articleQuery, query);
      const article = await fromSource(() => requireSource(articles).get(slug!));
      if (!article) throw notFound(`article with slug "${slug}"`);
      const { content_markdown, content_html, ...rest } = article;
      return { data: { ...rest, ...(format !== 'html' ? { content_markdown } : {}), ...(format !== 'markdown' ? { content_html } : {}) } };
    },
  };

  return async function publicApi(req: Request): Promise<Response> {
    if (req.method === 'OPTIONS') return preflight();
    const url = new URL(req.url);
    const path = url.pathname;
    const cache = path.startsWith(`${PUBLIC_BASE}/articles`) ? ARTICLE_CACHE : path.startsWith(`${PUBLIC_BASE}/health`) ? NO_STORE : PUBLIC_CACHE;
    const headers = { ...OPEN_CORS, ...cache };
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') throw new ApiError(405, 'method_not_allowed', `${req.method} is not allowed; the public API is read-only.`, { allow: 'GET, HEAD, OPTIONS' });
      const match = safeMatch(path);
      const handler = match && handlers[match.route.pattern];
      if (!match || !handler) throw notFound(`endpoint at ${path}; see ${site}${PUBLIC_BASE}/ for the list`);
      const res = json(await handler(match.params, url.searchParams), 200, headers);
      return req.method === 'HEAD' ? withoutBody(res) : res;
    } catch (err) {
      // Failures are not cached by us; the CDN may still serve its stale copy (stale-if-error).
      const failed = !(err instanceof ApiError) || err.status >= 500;
      const res = toErrorResponse(err, failed ? { ...OPEN_CORS, ...NO_STORE } : headers);
      return req.method === 'HEAD' ? withoutBody(res) : res;
    }
  };
}

/** A malformed percent-escape in a slug is a path that names nothing, not a server error. */
function safeMatch(path: string) {
  try { return matchRoute(path); } catch (err) { if (err instanceof URIError) return undefined; throw err; }
}

function requireSource(source: ArticleSource | undefined): ArticleSource {
  if (!source) throw new Error('no blog source configured');
  return source;
}
