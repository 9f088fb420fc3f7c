// The public API's handlers, one per endpoint of the registry (a table here, and the endpoint modules' handler
// files beside their declarations), over the build's catalog, its search index and the
// blog's source. Pure: (validated params and query) -> body. Routing, methods, CORS, caching, ETags and errors are
// the pipeline's. Every query-less GET equals its static file byte for byte (the build writes the file by calling
// this handler).
import { ApiError, notFound } from '../http/api-error.ts';
import type { CtxOf, HandlersOf } from '../http/handlers-of.ts';
import { createPipeline, type ApiImplementation } from '../http/pipeline.ts';
import { kebab } from '../../../model/endpoints/endpoint.ts';
import { bindHandlers } from '../http/bind-handlers.ts';
import { endpointsOf } from '../../../model/endpoints/registry.ts';
import type { PublicDeps } from './public-deps.ts';
import { paginate } from '../../../model/core/paginate.ts';
import type { SearchIndex } from '../../../model/core/search.ts';
import type { ArticleSource } from './article-source.ts';
import { accessOf, type Catalog, type CatalogAccess } from '../../../model/catalog/catalog.ts';
import { COLLECTIONS } from '../../../model/catalog/collections.ts';

export interface PublicApiDeps {
  catalog: Catalog;
  index?: SearchIndex;
  articles?: ArticleSource;
  now?: () => Date;
}

type Handlers = HandlersOf<'public'>;
/** The ids bound by looping over the declared collections: their lists' and their entries'. */
type ListId = (typeof COLLECTIONS)[number]['api']['list']['id'];
type DetailId = (typeof COLLECTIONS)[number]['api']['detail']['id'];

const bySlug = <T extends { slug: string }>(items: readonly T[], what: string) => {
  const map = new Map(items.map((i) => [i.slug, i]));
  return ({ params: { slug } }: CtxOf<DetailId>) => {
    const found = map.get(slug);
    if (!found) throw notFound(`${what} with slug "${slug}"`);
    return { data: found };
  };
};
/** An unpaginated list (spec 2.1): everything by default, `page`/`limit` honoured when given. */
const wholeList =
  <T>(items: readonly T[]) =>
  ({ query: { page, limit } }: CtxOf<ListId>) => ({ data: paginate(items, page, limit ?? Math.max(items.length, 1)) });

/**
 * Each declared collection's list (summaries where it declares them) and one entry by slug. Built in a loop over the
 * declaration, whose keys TS cannot follow, hence the one assertion: the pipeline checks at creation that every
 * endpoint has its handler, and the handlers themselves are typed by their endpoints (wholeList, bySlug).
 */
function collectionHandlers(access: CatalogAccess): Pick<Handlers, ListId | DetailId> {
  return Object.fromEntries(
    COLLECTIONS.flatMap((c) => {
      const items: readonly { slug: string }[] = access[c.key];
      return [
        [c.api.list.id, wholeList(c.summary ? items.map((i) => c.summary!.of(i as never)) : items)],
        [c.api.detail.id, bySlug(items, c.api.noun.one)],
      ];
    }),
  ) as Pick<Handlers, ListId | DetailId>;
}

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
  // Pages and terms by position, through the catalog's access: over the artifacts, a request reads only the chunks
  // holding what it answers (load-artifacts.ts); over a catalog in memory, the arrays.
  const access = accessOf(catalog, index);
  const { site_url: site } = access;
  const blog = () => {
    if (!articles) throw new Error('no blog source configured');
    return articles;
  };

  const handlers: Handlers = {
    ...collectionHandlers(access),
    listBlogArticles: async ({ query: { q, page, limit } }) => {
      const { items, total } = await fromSource(() => blog().list({ q, page, limit }));
      return { data: { items, pagination: paginate(new Array(total), page, limit).pagination } };
    },
    getBlogArticle: async ({ params: { slug }, query: { format } }) => {
      const article = await fromSource(() => blog().get(slug));
      if (!article) throw notFound(`article with slug "${slug}"`);
      const { content_markdown, content_html, ...rest } = article;
      return { data: { ...rest, ...(format !== 'html' ? { content_markdown } : {}), ...(format !== 'markdown' ? { content_html } : {}) } };
    },
  };
  // The endpoints that are modules (src/request/api/public/{id}.handler.ts, declared in src/model/endpoints/public/), loaded by that name.
  const modules = bindHandlers(
    endpointsOf('public').filter((e) => e.module),
    (e) => import(`./${kebab(e.id)}.handler.ts`),
    { access, site, blog, now } satisfies PublicDeps,
  );
  return { handlers: { ...handlers, ...modules } };
}

/** The public API alone as one web-standard handler (a Netlify function, the static writer, tests). */
export function createPublicApi(deps: PublicApiDeps): (req: Request) => Promise<Response> {
  return createPipeline({ apis: { public: publicImplementation(deps) } });
}
