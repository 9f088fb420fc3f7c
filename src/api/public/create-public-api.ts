import type MiniSearch from 'minisearch';
import { ApiError, notFound } from '../http/api-error.ts';
import { OPEN_CORS, preflight } from '../http/cors.ts';
import { parseQuery } from '../http/parse-query.ts';
import { json, toErrorResponse, withoutBody } from '../http/respond.ts';
import { matchRoute, routes, PUBLIC_BASE, type Route } from '../http/routes.ts';
import { paginate } from '../../core/paginate.ts';
import { searchPages, type SearchDoc } from '../../core/search.ts';
import { pageLinks } from '../../core/urls.ts';
import type { ArticleSource } from './article-source.ts';
import type { Catalog } from './catalog.ts';
import { articleQuery, articlesQuery, glossaryQuery, listQuery, pagesQuery, searchQuery } from './query-schemas.ts';

export interface PublicApiDeps {
  catalog: Catalog;
  index?: MiniSearch<SearchDoc>;
  articles?: ArticleSource;
  now?: () => Date;
}

type Handler = (params: Record<string, string>, query: URLSearchParams) => unknown | Promise<unknown>;

/** CDN caching: five minutes everywhere, keyed on the whole query on Netlify's edge. */
export const PUBLIC_CACHE = {
  'cache-control': 'public, max-age=300',
  'netlify-cdn-cache-control': 'public, durable, s-maxage=300, stale-while-revalidate=60',
  'netlify-vary': 'query',
};
/** The blog is live: revalidate briefly, and let a CDN serve a stale copy while the store is down. */
const ARTICLE_CACHE = {
  'cache-control': 'public, max-age=60, stale-while-revalidate=60, stale-if-error=86400',
  'netlify-cdn-cache-control': 'public, durable, s-maxage=60, stale-while-revalidate=300, stale-if-error=86400',
  'netlify-vary': 'query',
};

const bySlug = <T extends { slug: string }>(items: readonly T[], slug: string, what: string): T => {
  const found = items.find((i) => i.slug === slug);
  if (!found) throw notFound(`${what} with slug "${slug}"`);
  return found;
};
const list = <T>(items: readonly T[], query: URLSearchParams) => {
  const { page, limit } = parseQuery(listQuery, query);
  return { data: paginate(items, page, limit) };
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
      return { data: paginate(kind ? catalog.pages.filter((p) => p.kind === kind) : catalog.pages, page, limit) };
    },
    '/api/v1/search': (_, query) => {
      const { q, limit } = parseQuery(searchQuery, query);
      if (!index) throw new ApiError(503, 'unavailable', 'Search index not loaded.');
      const hits = searchPages(index, q);
      const items = hits.slice(0, limit).map(({ doc, score }) => ({
        path: doc.path, title: doc.title, description: doc.description, kind: doc.kind,
        ...(doc.section ? { section: doc.section } : {}), ...pageLinks(site, doc.path),
        ...(doc.updated ? { updated: doc.updated } : {}), score,
      }));
      return { data: { query: q, total: hits.length, items } };
    },
    '/api/v1/glossary': (_, query) => {
      const { category, q, full, page, limit } = parseQuery(glossaryQuery, query);
      const needle = q?.toLowerCase();
      const terms = catalog.terms.filter((t) => (!category || t.category === category)
        && (!needle || t.title.toLowerCase().includes(needle) || t.definition.toLowerCase().includes(needle)));
      return { data: paginate(full ? terms : terms.map(termListItem), page, limit) };
    },
    '/api/v1/glossary/categories': (_, query) => list(catalog.categories, query),
    '/api/v1/glossary/:slug': ({ slug }) => ({ data: bySlug(catalog.terms, slug!, 'glossary term') }),
    '/api/v1/tools': (_, query) => list(catalog.tools, query),
    '/api/v1/tools/:slug': ({ slug }) => ({ data: bySlug(catalog.tools, slug!, 'tool') }),
    '/api/v1/agents': (_, query) => list(catalog.agents, query),
    '/api/v1/agents/:slug': ({ slug }) => ({ data: bySlug(catalog.agents, slug!, 'agent') }),
    '/api/v1/features': (_, query) => list(catalog.features, query),
    '/api/v1/features/:slug': ({ slug }) => ({ data: bySlug(catalog.features, slug!, 'feature') }),
    '/api/v1/comparisons': (_, query) => list(catalog.comparisons.map(({ slug, competitor, title, description, url, markdown_url }) => ({ slug, competitor, title, description, url, markdown_url })), query),
    '/api/v1/comparisons/:slug': ({ slug }) => ({ data: bySlug(catalog.comparisons, slug!, 'comparison') }),
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
    const path = new URL(req.url).pathname;
    const isArticle = path.startsWith(`${PUBLIC_BASE}/articles`);
    const headers = { ...OPEN_CORS, ...(isArticle ? ARTICLE_CACHE : PUBLIC_CACHE) };
    if (req.method === 'OPTIONS') return preflight();
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') throw new ApiError(405, 'method_not_allowed', `${req.method} is not allowed; the public API is read-only.`, { allow: 'GET, HEAD, OPTIONS' });
      const match = matchRoute(path);
      const handler = match && handlers[match.route.pattern];
      if (!match || !handler) throw notFound(`endpoint at ${path}; see ${site}${PUBLIC_BASE}/ for the list`);
      const body = await handler(match.params, new URL(req.url).searchParams);
      const res = json(body, 200, headers);
      return req.method === 'HEAD' ? withoutBody(res) : res;
    } catch (err) {
      // Failures are not cached by us; the CDN may still serve its stale copy (stale-if-error).
      const failed = !(err instanceof ApiError) || err.status >= 500;
      const res = toErrorResponse(err, failed ? { ...OPEN_CORS, 'cache-control': 'no-store' } : headers);
      return req.method === 'HEAD' ? withoutBody(res) : res;
    }
  };
}

function requireSource(source: ArticleSource | undefined): ArticleSource {
  if (!source) throw new Error('no blog source configured');
  return source;
}
