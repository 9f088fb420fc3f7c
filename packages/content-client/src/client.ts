// createClient: the content API as typed methods. Every call goes through one transport (http.ts).
import { memoryCache, type ResponseCache } from './cache.ts';
import { SkribraError } from './errors.ts';
import { isPermanent } from './redirect.ts';
import { createTransport, type RetryOptions } from './http.ts';
import { watchChanges, type WatchOptions } from './watch.ts';
import {
  OPERATIONS,
  type Operations,
  type OwnArticle,
  type OwnArticleCard,
  type OwnProject,
  type Pagination,
  type SyncRemoved,
} from './generated/api-types.ts';

export interface ClientOptions {
  /** The account's API key. Server side only: the client refuses to run in a browser. */
  apiKey: string;
  /**
   * The site root (`https://skribra.com`, the default) or the content API's own base (`https://skribra.com/v1`);
   * a trailing slash is fine either way.
   */
  baseUrl?: string;
  /** Default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Responses kept for conditional requests. Default `memoryCache()`; `fileCache(dir)` for builds. */
  cache?: ResponseCache;
  retry?: RetryOptions;
  /** Per attempt; default 30 s. */
  timeoutMs?: number;
  /** Called before each retry wait. */
  onRetry?: (info: { attempt: number; delayMs: number; status?: number; error?: unknown }) => void;
}

export interface ListOptions {
  page?: number;
  /** 1..100 (higher is capped by the server); default 20. */
  limit?: number;
  sort?: 'published_at' | 'updated_at' | 'title';
  order?: 'desc' | 'asc';
  /** Only articles created or edited since then. */
  updatedSince?: Date | string;
  /** Only articles carrying this tag. */
  tag?: string;
}

/** What `articles.get` found, already mapped to what a site does with it. */
export type ArticleResult =
  /** Render it; when `noindex`, add `<meta name="robots" content="noindex">` and leave it out of the sitemap. */
  | { kind: 'article'; article: OwnArticle; noindex: boolean }
  /** Redirect there: 301 (or 308) when `permanent`, else 302 (or 307). */
  | { kind: 'redirect'; location: string; permanent: boolean; article: OwnArticle }
  /** Unpublished or never existed: answer 404 (or 410). */
  | { kind: 'gone' };

export interface SyncResult {
  /** Articles to add or replace, whole (the same object as `articles.get`), in the order they changed. */
  upserted: OwnArticle[];
  /** Articles to drop, with why. */
  removed: SyncRemoved[];
  /** Store it; pass it next time to get only what changed since. */
  cursor: string;
}

/** One page of the sync feed, as `syncPages` yields it. */
export interface SyncPageResult {
  /** Whole articles to add or replace, in change order. */
  upserted: OwnArticle[];
  /** Articles to drop (or, for `redirected`, to serve as a redirect to `redirect_to`). */
  removed: SyncRemoved[];
  /** Where this page ends: store it once its items are applied, and a sync cut off later resumes from here. */
  cursor: string;
  /** False on the last page: caught up. */
  hasMore: boolean;
}

export type Client = ReturnType<typeof createClient>;

/**
 * One method per documented endpoint of the content API, by its OpenAPI operationId (`listOwnTags`), generated with
 * the types from the server's endpoint registry: its path and query parameters in, its answer's JSON body out.
 */
export type ApiMethods = {
  [K in keyof Operations]: Record<never, never> extends Operations[K]['args']
    ? (args?: Operations[K]['args']) => Promise<Operations[K]['response']>
    : (args: Operations[K]['args']) => Promise<Operations[K]['response']>;
};

type Get = <T>(path: string, query?: Record<string, string | number | undefined>) => Promise<T>;

/** The methods of `OPERATIONS`: path parameters fill the path, the other arguments are the query. */
function apiMethods(get: Get): ApiMethods {
  const methods: Record<string, (args?: Record<string, unknown>) => Promise<unknown>> = {};
  for (const [id, op] of Object.entries(OPERATIONS)) {
    const inPath = new Set<string>(op.pathParams);
    methods[id] = (args = {}) => {
      const path = op.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(args[name] ?? '')));
      const query: Record<string, string | number | undefined> = {};
      for (const [k, v] of Object.entries(args))
        if (!inPath.has(k)) query[k] = v instanceof Date ? v.toISOString() : (v as string | number | undefined);
      return get(path, query);
    };
  }
  return methods as unknown as ApiMethods;
}

/** The content API's base from the site root or from the API's own URL: `https://host`, `…/v1` and `…/v1/` alike. */
export function contentApiBase(baseUrl: string): string {
  const root = baseUrl.replace(/\/+$/, '');
  return root.endsWith('/v1') ? root : `${root}/v1`;
}

/** The API key must not reach a browser: anyone could read it there. */
function refuseBrowser(): void {
  const g = globalThis as { window?: unknown; document?: unknown };
  if (typeof g.window !== 'undefined' && typeof g.document !== 'undefined') {
    throw new Error(
      '@skribra/content runs on servers only (Node, Deno, Bun, edge functions, build steps): in a browser, the API key would be public.',
    );
  }
}

const VERSION = '0.1.0';

export function createClient(options: ClientOptions) {
  refuseBrowser();
  if (!options?.apiKey) throw new TypeError('createClient: apiKey is required.');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') throw new TypeError('createClient: no fetch available; pass options.fetch.');
  const baseUrl = contentApiBase(options.baseUrl ?? 'https://skribra.com');
  const userAgent = `skribra-content-js/${VERSION}`;
  const get = createTransport({
    fetch: fetchImpl,
    baseUrl,
    apiKey: options.apiKey,
    cache: options.cache ?? memoryCache(),
    retry: {
      retries: options.retry?.retries ?? 3,
      baseDelayMs: options.retry?.baseDelayMs ?? 500,
      maxDelayMs: options.retry?.maxDelayMs ?? 60_000,
    },
    timeoutMs: options.timeoutMs ?? 30_000,
    userAgent,
    ...(options.onRetry ? { onRetry: options.onRetry } : {}),
  });

  // The convenience methods below are the generated ones (`api`) with a site's defaults and shapes on top: no path
  // or parameter name is written twice.
  const api = apiMethods(get);
  const listArgs = (projectId: string, o: ListOptions = {}) => ({
    projectId,
    page: o.page,
    limit: o.limit,
    sort: o.sort,
    order: o.order,
    tag: o.tag,
    updatedSince: o.updatedSince instanceof Date ? o.updatedSince.toISOString() : o.updatedSince,
  });

  const articles = {
    /** One page of the project's listed articles (cards, no body). */
    async list(projectId: string, opts: ListOptions = {}): Promise<{ items: OwnArticleCard[]; pagination: Pagination }> {
      return (await api.listOwnArticles(listArgs(projectId, opts))).data;
    },

    /** Every listed article, page after page (100 a page unless `limit` says otherwise). */
    async *all(projectId: string, opts: Omit<ListOptions, 'page'> = {}): AsyncGenerator<OwnArticleCard, void, undefined> {
      for (let page = 1; ; page++) {
        const { items, pagination } = await articles.list(projectId, { limit: 100, ...opts, page });
        yield* items;
        if (!pagination.has_more) return;
      }
    },

    /** One article by slug, as render / redirect / gone. */
    async get(projectId: string, slug: string): Promise<ArticleResult> {
      let article: OwnArticle;
      try {
        article = (await api.getOwnArticle({ projectId, slug })).data;
      } catch (err) {
        if (err instanceof SkribraError && err.status === 404 && err.code === 'not_found') return { kind: 'gone' };
        throw err;
      }
      if (article.unpublished) return { kind: 'gone' };
      if (article.redirect_to)
        return { kind: 'redirect', location: article.redirect_to, permanent: isPermanent(article.redirect_type), article };
      return { kind: 'article', article, noindex: article.noindex === true };
    },
  };

  /**
   * The sync feed page by page: whole articles (100 a page, fewer when they are large), then removals. Apply a
   * page's items, store its `cursor`, and a sync cut off later (a network failure, a build timeout) resumes from
   * the last page you stored instead of starting over. Each page is one list request; no detail request is made.
   */
  async function* syncPages(
    projectId: string,
    opts: { cursor?: string; limit?: number } = {},
  ): AsyncGenerator<SyncPageResult, void, undefined> {
    let cursor = opts.cursor;
    for (;;) {
      const { data } = await api.syncOwnArticles({ projectId, cursor, limit: opts.limit });
      const page: SyncPageResult = { upserted: [], removed: [], cursor: data.next_cursor, hasMore: data.has_more };
      for (const item of data.items) item.type === 'upsert' ? page.upserted.push(item.article as OwnArticle) : page.removed.push(item);
      yield page;
      cursor = data.next_cursor;
      if (!data.has_more) return;
    }
  }

  return {
    /** Every documented endpoint as a method, by operationId: `client.api.listOwnArticles({ projectId })`. */
    api,

    /** The account's projects; use an `id` whose `api_enabled` is true as `projectId`. */
    async projects(): Promise<OwnProject[]> {
      return (await api.listOwnProjects()).data.items;
    },

    articles,

    syncPages,

    /**
     * The project's changes as they happen (GET /v1/events): each published, updated, unpublished or redirected
     * article, with its `cursor`, never its body. Reconnects by itself (the server ends each stream after about 50 s)
     * and resumes after the last change it yielded, so none is lost or repeated; waits out 429 and 503 with backoff;
     * throws SkribraError for what no retry mends (401, 403, 404, a refused cursor: 400). Ends when `signal` aborts.
     */
    watch(projectId: string, opts: WatchOptions = {}) {
      return watchChanges({ fetch: fetchImpl, baseUrl, apiKey: options.apiKey, userAgent }, projectId, opts);
    },

    /**
     * Every change since `cursor` (everything listed, without one), over every page of the feed: add or replace
     * `upserted` (whole articles), drop `removed`, then store `cursor`. An article appears once, in its latest
     * state. A cursor older than 30 days is refused (SkribraError 400 invalid_query): start again without one.
     */
    async sync(projectId: string, opts: { cursor?: string; limit?: number } = {}): Promise<SyncResult> {
      const latest = new Map<string, { type: 'upsert'; article: OwnArticle } | { type: 'removed'; item: SyncRemoved }>();
      let cursor = opts.cursor ?? '';
      for await (const page of syncPages(projectId, opts)) {
        // A later change of the same article moves it to the end, so the result keeps change order.
        for (const article of page.upserted) {
          latest.delete(article.id);
          latest.set(article.id, { type: 'upsert', article });
        }
        for (const item of page.removed) {
          latest.delete(item.id);
          latest.set(item.id, { type: 'removed', item });
        }
        cursor = page.cursor;
      }
      const upserted: OwnArticle[] = [];
      const removed: SyncRemoved[] = [];
      for (const v of latest.values()) v.type === 'upsert' ? upserted.push(v.article) : removed.push(v.item);
      return { upserted, removed, cursor };
    },
  };
}
