// The authenticated content API (/v1): a web-standard handler over Postgres.
// Order of checks, each failing closed: route -> method -> key (401) -> rate limit (429, the request is counted
// first) -> query (400) -> project on the account (404 project_not_found) -> project switch (403) -> article (404).
// Only then may a list answer come from the list cache (list-cache.ts), which is keyed by the project's version as
// the gate read it: cached requests are authorised, counted and checked exactly like the others.
import type { Sql } from 'postgres';
import { ApiError, notFound } from '../http/api-error.ts';
import { jsonBody, toErrorResponse, withoutBody } from '../http/respond.ts';
import { matchRoute } from '../http/routes.ts';
import { keyDigest } from '../../store/ids.ts';
import { checkAccess, pruneCounters, type Access, type Bucket } from '../../store/repos/access.ts';
import { listProjects } from '../../store/repos/projects.ts';
import { getArticle, listArticleCards } from '../../store/repos/articles.ts';
import { limitsFromEnv, rateLimitHeaders, retryAfter, type RateLimits } from './limits.ts';
import { detailQuery, listQuery, parseQuery } from './parse-query.ts';
import { toCard, toOwnArticle } from './serialize.ts';
import { CACHE_OK, KEYED_HEADERS, matchesEtag, strongEtag } from './caching.ts';
import { isStoreUnavailable, unavailable, withTimeout } from './errors.ts';
import { requestKey } from './request-key.ts';
import { createListCache, type CachedPage, type ListCache } from './list-cache.ts';

export interface ContentApiDeps {
  /** postgres.js client of the store. */
  sql: Sql;
  /** Defaults to the SKRIBRA_RATE_* environment (see limits.ts). */
  limits?: Partial<RateLimits>;
  /** Bound on the store work of one request; defaults to $SKRIBRA_DB_TIMEOUT_MS or 5000. Past it: 503. */
  timeoutMs?: number;
  /** Finished list pages; defaults to one sized by $SKRIBRA_LIST_CACHE_ENTRIES / $SKRIBRA_LIST_CACHE_MB. */
  listCache?: ListCache;
}

type H = Record<string, string>;
/** `page` when the response is already serialised (a list page, from the cache or just filed in it). */
type Result = ({ body: unknown; page?: undefined } | { page: CachedPage }) & { headers?: H };

const finish = (body: unknown): CachedPage => { const text = jsonBody(body); return { body: text, etag: strongEtag(text) }; };

const unauthorized = () => new ApiError(401, 'unauthorized', 'A valid API key is required: send Authorization: Bearer <key> or X-Api-Key: <key>.', { 'www-authenticate': 'Bearer realm="skribra"' });

export function createContentApi(deps: ContentApiDeps): (req: Request) => Promise<Response> {
  const { sql } = deps;
  const env = limitsFromEnv();
  const limits: RateLimits = { list: { ...env.list, ...deps.limits?.list }, detail: { ...env.detail, ...deps.limits?.detail } };
  const timeoutMs = deps.timeoutMs ?? (Number(process.env.SKRIBRA_DB_TIMEOUT_MS) || 5000);
  const cache = deps.listCache ?? createListCache();
  let served = 0;

  async function gate(req: Request, bucket: Bucket, projectId: string | undefined, headers: H): Promise<Access> {
    const key = requestKey(req);
    if (!key) throw unauthorized();
    const access = await checkAccess(sql, keyDigest(key), bucket, projectId);
    if (!access.accountId) throw unauthorized();
    Object.assign(headers, rateLimitHeaders(limits, bucket, access.windows));
    const wait = retryAfter(limits, bucket, access.windows);
    if (wait !== undefined) throw new ApiError(429, 'rate_limited', `Rate limit exceeded for ${bucket} requests; retry in ${wait} s.`, { 'retry-after': String(wait) });
    return access;
  }

  /** 404 project_not_found before 403 project_api_disabled: another account's project is not acknowledged. */
  function requireProject(access: Access): string {
    if (!access.project) throw new ApiError(404, 'project_not_found', 'No such project on this account.');
    if (!access.project.apiEnabled) throw new ApiError(403, 'project_api_disabled', 'The API is switched off for this project; switch it on in the dashboard.');
    return access.project.id;
  }

  async function projects(req: Request, _url: URL, headers: H): Promise<Result> {
    const access = await gate(req, 'list', undefined, headers);
    const rows = await listProjects(sql, access.accountId!);
    return { body: { data: { items: rows.map((p) => ({ id: p.id, name: p.name, ...(p.url ? { url: p.url } : {}), api_enabled: p.api_enabled })) } } };
  }

  async function articles(req: Request, url: URL, headers: H): Promise<Result> {
    const raw = url.searchParams.get('projectId') ?? undefined;
    const access = await gate(req, 'list', raw, headers);
    const q = parseQuery(listQuery, url.searchParams);
    const projectId = requireProject(access);
    // The normalised query: defaults applied, limit capped, updatedSince as an instant. updatedSince lists are
    // cached too: they depend on the time only through the parameter (updated_at >= it), never on now().
    const key = `${q.page}|${q.limit}|${q.sort}|${q.order}|${q.updatedSince?.toISOString() ?? ''}`;
    const hit = cache.get(projectId, access.project!.articlesVersion, key);
    if (hit) return { page: hit };
    const { rows, total, version } = await listArticleCards(sql, { projectId, limit: q.limit, offset: (q.page - 1) * q.limit, sort: q.sort, order: q.order, updatedSince: q.updatedSince });
    const pagination = { page: q.page, limit: q.limit, total, total_pages: Math.ceil(total / q.limit), has_more: q.page * q.limit < total };
    const page = finish({ data: { items: rows.map(toCard), pagination } });
    // Filed under the version the page's own statement read, which may be newer than the gate's, never older.
    cache.set(projectId, version, key, page);
    return { page };
  }

  async function article(req: Request, url: URL, headers: H, slug: string): Promise<Result> {
    const raw = url.searchParams.get('projectId') ?? undefined;
    const access = await gate(req, 'detail', raw, headers);
    parseQuery(detailQuery, url.searchParams);
    const projectId = requireProject(access);
    const row = await getArticle(sql, projectId, slug);
    if (!row || row.unpublished) throw notFound('published article with that slug in this project');
    return { body: { data: toOwnArticle(row, access.accountId!) }, headers: row.noindex ? { 'x-robots-tag': 'noindex' } : {} };
  }

  return async function contentApi(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const headers: H = { ...KEYED_HEADERS };
    try {
      const match = matchRoute(url.pathname);
      if (!match || match.route.api !== 'content') throw notFound('route');
      const bucket: Bucket = match.params.slug === undefined ? 'list' : 'detail';
      headers['ratelimit-policy'] = rateLimitHeaders(limits, bucket, [])['ratelimit-policy']!;
      if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: { ...headers, allow: 'GET, HEAD' } });
      if (req.method !== 'GET' && req.method !== 'HEAD') throw new ApiError(405, 'method_not_allowed', 'Only GET and HEAD are supported.', { allow: 'GET, HEAD' });
      if (++served % 1000 === 0) pruneCounters(sql).catch(() => {});

      const work = match.route.pattern === '/v1/projects' ? projects(req, url, headers)
        : match.params.slug === undefined ? articles(req, url, headers)
        : article(req, url, headers, match.params.slug);
      const result = await withTimeout(work, timeoutMs);

      const { body, etag } = result.page ?? finish(result.body);
      const okHeaders = { ...headers, ...result.headers, 'cache-control': CACHE_OK, etag };
      if (matchesEtag(req.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers: okHeaders });
      return new Response(req.method === 'HEAD' ? null : body, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', ...okHeaders } });
    } catch (err) {
      const e = isStoreUnavailable(err) ? unavailable() : err;
      const res = toErrorResponse(e, { ...headers, 'cache-control': 'no-store' });
      return req.method === 'HEAD' ? withoutBody(res) : res;
    }
  };
}
