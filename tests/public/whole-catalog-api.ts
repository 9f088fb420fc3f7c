// The public API's handlers as they were before the artifacts were chunked (commit 3f695b5): every answer from
// whole arrays in memory. Kept as the oracle tests/public/scale-equivalence.test.ts compares the chunked handlers to.
// The public API's handlers, one per endpoint of the registry, over the build's catalog, its search index and the
// blog's source. Pure: (validated params and query) -> body. Routing, methods, CORS, caching, ETags and errors are
// the pipeline's. Every query-less GET equals its static file byte for byte (the build writes the file by calling
// this handler).
import { ApiError, notFound } from '../../src/request/api/http/api-error.ts';
import { createPipeline, type Ctx, type ApiImplementation } from '../../src/request/api/http/pipeline.ts';
import { endpointsOf } from '../../src/model/endpoints/registry.ts';
import { COLLECTIONS } from '../../src/model/catalog/collections.ts';
import { paginate } from '../../src/model/core/paginate.ts';
import { normalise, searchPages, type SearchIndex } from '../../src/model/core/search.ts';
import type { ArticleSource } from '../../src/request/api/public/article-source.ts';
import type { Catalog } from '../../src/model/catalog/catalog.ts';

export interface PublicApiDeps {
  catalog: Catalog;
  index?: SearchIndex;
  articles?: ArticleSource;
  now?: () => Date;
}

type Q = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- shaped by the endpoint's query schema
type C = Ctx & { query: Q };

/** A value computed on first use: glossary terms are parsed only when a glossary request needs them. */
const lazy = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

const bySlug = <T extends { slug: string }>(items: () => readonly T[], what: string) => {
  const map = lazy(() => new Map(items().map((i) => [i.slug, i])));
  return ({ params }: C) => {
    const found = map().get(params.slug!);
    if (!found) throw notFound(`${what} with slug "${params.slug}"`);
    return { data: found };
  };
};
/** An unpaginated list (spec 2.1): everything by default, `page`/`limit` honoured when given. */
const wholeList =
  <T>(items: readonly T[]) =>
  ({ query }: C) => ({ data: paginate(items, query.page, query.limit ?? Math.max(items.length, 1)) });

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

/** The public API's implementation for the pipeline: a handler per endpoint id. */
export function publicImplementation({ catalog, index, articles, now = () => new Date() }: PublicApiDeps): ApiImplementation {
  const { site_url: site } = catalog;
  // Everything a request could recompute is derived once here: the function serves many requests per instance.
  const pagesByKind = Map.groupBy(catalog.pages, (p) => p.kind);
  const termItems = lazy(() => catalog.terms.map(termListItem));
  const termText = lazy(() => catalog.terms.map((t) => [normalise(t.title), normalise(t.definition)] as const));
  const blog = () => {
    if (!articles) throw new Error('no blog source configured');
    return articles;
  };

  const handlers: Record<string, (ctx: C) => unknown> = {
    getIndex: () => ({
      data: {
        name: 'Skribra public API',
        version: '1.0.0',
        documentation: `${site}/docs/public-api/`,
        openapi: `${site}/openapi.json`,
        llms_txt: `${site}/llms.txt`,
        endpoints: endpointsOf('public').map((e) => ({ path: e.pattern, url: `${site}${e.pattern}`, description: e.doc!.summary })),
      },
    }),
    getHealth: () => ({ data: { status: 'ok', time: now().toISOString() } }),
    listPages: ({ query: { kind, page, limit } }) => ({
      data: paginate(kind ? (pagesByKind.get(kind) ?? []) : catalog.pages, page, limit),
    }),
    searchPages: ({ query: { q, limit } }) => {
      if (!index) throw new ApiError(503, 'unavailable', 'The search index is not loaded.', { 'retry-after': '30' });
      const { total, hits } = searchPages(index, q, limit);
      return { data: { query: q, total, items: hits.map(({ id, score }) => ({ ...catalog.pages[id]!, score })) } };
    },
    listGlossaryTerms: ({ query: { category, q, full, page, limit } }) => {
      const needle = q ? normalise(q.trim()) : '';
      const source = full ? catalog.terms : termItems();
      const text = needle ? termText() : [];
      const terms =
        !category && !needle
          ? source
          : source.filter(
              (t, i) => (!category || t.category === category) && (!needle || text[i]![0].includes(needle) || text[i]![1].includes(needle)),
            );
      return { data: paginate(terms, page, limit) };
    },
    listGlossaryCategories: wholeList(catalog.categories),
    getGlossaryTerm: bySlug(() => catalog.terms, 'glossary term'),
    // Each declared collection's list (its summaries where it lists less than the entry) and its entry by slug.
    ...Object.fromEntries(
      COLLECTIONS.flatMap((c) => {
        const items: readonly { slug: string }[] = catalog[c.key];
        return [
          [c.api.list.id, wholeList(c.summary ? items.map((i) => c.summary!.of(i as never)) : items)],
          [c.api.detail.id, bySlug(() => items, c.api.noun.one)],
        ];
      }),
    ),
    getPricing: () => ({ data: catalog.pricing }),
    listBlogArticles: async ({ query: { q, page, limit } }) => {
      const { items, total } = await fromSource(() => blog().list({ q, page, limit }));
      return { data: { items, pagination: paginate(new Array(total), page, limit).pagination } };
    },
    getBlogArticle: async ({ params: { slug }, query: { format } }) => {
      const article = await fromSource(() => blog().get(slug!));
      if (!article) throw notFound(`article with slug "${slug}"`);
      const { content_markdown, content_html, ...rest } = article;
      return { data: { ...rest, ...(format !== 'html' ? { content_markdown } : {}), ...(format !== 'markdown' ? { content_html } : {}) } };
    },
  };
  return { handlers: handlers as ApiImplementation['handlers'] };
}

/** The public API alone as one web-standard handler (a Netlify function, the static writer, tests). */
export function createPublicApi(deps: PublicApiDeps): (req: Request) => Promise<Response> {
  return createPipeline({ apis: { public: publicImplementation(deps) } });
}
