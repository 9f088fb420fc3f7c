// The authenticated content API (/v1): its access check, limits and deps, run by the one pipeline; its endpoints are modules
// (the registry lists them, *.endpoint.ts beside *.handler.ts).
// Order of checks, each failing closed: route -> method -> key present (401) -> the access statement: key valid (401),
// request counted (429) -> query (400) -> project on the account (404 project_not_found) -> project switch (403)
// -> article (404). Only validated values reach the store: the access check gets the projectId only once it passed its
// schema. List and article answers may come from the list and detail caches (list-cache.ts), keyed by the project's
// version as the access check read it: cached requests are authorised, counted and checked exactly like the others.
import type { Sql } from 'postgres';
import { ApiError } from '../http/api-error.ts';
import { bindHandlers } from '../http/bind-handlers.ts';
import { createPipeline, type AuthInput, type ApiImplementation } from '../http/pipeline.ts';
import { unauthorized } from '../http/stages/auth.ts';
import { KEY_HEADER_RULE } from '../http/request-key.ts';
import { kebab } from '../../../model/endpoints/endpoint.ts';
import { endpointsOf, type Endpoint } from '../../../model/endpoints/registry.ts';
import { isKeyShaped, keyDigest } from '../../../store/ids.ts';
import { createKnownKeys } from './known-keys.ts';
import { callAccountMcp } from '../../../model/endpoints/content/call-account-mcp.endpoint.ts';
import { createRateLimiter } from '../http/sliding-window.ts';
import { createAccessCheck, pruneCounters, type Access, type Bucket } from '../../../store/repos/access.ts';
import { keyAccount } from '../../../store/repos/accounts.ts';
import { limitsFrom, rateLimitHeaders, retryAfter, type RateLimits } from './limits.ts';
import { storeErrorAnswer, unavailable } from './errors.ts';
import { FAILED_AUTH_LIMIT, KNOWN_KEYS, type Config } from '../../../model/config.ts';
import { MCP_SERVERS } from '../mcp/servers.ts';
import { createListCache, listCacheSize, type ListCache } from './list-cache.ts';
import { STREAM_BOUND_S } from '../../../model/endpoints/content/stream-own-changes.endpoint.ts';
import type { ContentAccess, ContentDeps } from './content-deps.ts';
import { createChangeHub } from './change-hub.ts';

export interface ContentApiDeps {
  /** postgres.js client of the store. */
  sql: Sql;
  /** The host whose stream bound applies when SKRIBRA_EVENTS_MAX_S is unset (STREAM_BOUND_S); the local origin's by default. */
  host?: keyof typeof STREAM_BOUND_S;
  /** The config the entry point read (limits, timeout, cache size). */
  config: Config;
  /** Overrides the configured SKRIBRA_RATE_* limits (tests). */
  limits?: Partial<RateLimits>;
  /** Bound on the store work of one request; SKRIBRA_DB_TIMEOUT_MS by default. Past it: 503. */
  timeoutMs?: number;
  /** Finished list pages; defaults to one sized by $SKRIBRA_LIST_CACHE_ENTRIES / $SKRIBRA_LIST_CACHE_MB. */
  listCache?: ListCache;
  /** Finished article answers, under the same rule as list pages; defaults to a second cache of the same size. */
  detailCache?: ListCache;
  /** Parse every answer with its endpoint's output schema before it goes out (tests; http/bind-handlers.ts). */
  checkAnswers?: boolean;
}

/**
 * A content endpoint's handler module: `{id}.handler.ts` (kebab case) in this folder (src/model/endpoints/endpoint.ts).
 * A template, not a literal: the functions' bundler (esbuild) bundles every file the pattern matches, and the edge
 * bundle's module graph (Deno), which follows literal imports even lazy ones, never reaches a handler.
 */
const handlerModule = (e: Endpoint): Promise<unknown> => import(`./${kebab(e.id)}.handler.ts`);

/** On every response: one account's answer must never be served to another request by a shared cache. */
const KEYED_HEADERS = { vary: 'Authorization, X-Api-Key', 'netlify-cdn-cache-control': 'no-store' };

export function contentImplementation(deps: ContentApiDeps): ApiImplementation {
  const { sql } = deps;
  const { config } = deps;
  const env = limitsFrom(config);
  const limits: RateLimits = { list: { ...env.list, ...deps.limits?.list }, detail: { ...env.detail, ...deps.limits?.detail } };
  const timeoutMs = deps.timeoutMs ?? config.SKRIBRA_DB_TIMEOUT_MS;
  const cache = deps.listCache ?? createListCache(listCacheSize(config));
  // Details resist scans: a build reads each article once (list-cache.ts, admitAfterMisses).
  const details = deps.detailCache ?? createListCache({ ...listCacheSize(config), admitAfterMisses: 2 });
  const checkAccess = createAccessCheck(sql);
  const failures = createRateLimiter(FAILED_AUTH_LIMIT);
  const knownKeys = createKnownKeys(KNOWN_KEYS);
  let served = 0;

  async function authenticate({ key, endpoint, params, query, address }: AuthInput) {
    // Failed authentications are limited per address (FAILED_AUTH_LIMIT), whatever the key's shape: junk, refused by
    // its shape or check digits (src/store/ids.ts) for a regex and a CRC, and a well-formed key that is no one's, which
    // costs a lookup. Past the limit an address gets 429 before any lookup, except with a key this process has seen
    // valid (known-keys.ts), so other people's junk from a shared address (a CI runner, a build machine) never locks a
    // customer out. Check digits are no secret: they let no key past the limit. (Both adapters stamp the address; a
    // handler called without one, in tests, has no per-address limit.)
    const digest = isKeyShaped(key) ? keyDigest(key) : undefined;
    const blocked = address ? failures.wait(address) : 0;
    if (blocked && !(digest && knownKeys.get(digest)))
      throw new ApiError(429, 'rate_limited', `Too many failed authentications from this address; retry in ${blocked} s.`, {
        'retry-after': String(blocked),
      });
    const failed = () => {
      if (address) failures.hit(address);
      if (digest) knownKeys.delete(digest);
      return unauthorized();
    };
    if (!digest) throw failed();
    // The account MCP endpoint's own messages (initialize, tools/list, ping) count against no quota: its tool calls are
    // /v1 requests, counted as such. Its key is looked up on every message all the same, so a revoked key is 401 at once.
    if (endpoint.id === callAccountMcp.id) {
      const accountId = await keyAccount(sql, digest);
      if (!accountId) throw failed();
      knownKeys.add(digest, accountId);
      return { accountId, windows: [], counted: true } satisfies ContentAccess;
    }
    if (++served % 1000 === 0) pruneCounters(sql).catch(() => {});
    // The deadline makes the counter conditional: an access statement that runs after the API gave up counts nothing.
    // A detail request's article (its state and stored answer) is read by the same statement, only from a project of
    // the account; one without a current stored answer then has its row read (detail-answers.ts).
    // When this process already holds the article's answer, the statement leaves its bytes out while the project is
    // still at the version the answer was made at, and the handler answers with the one held.
    const bucket: Bucket = endpoint.bucket ?? 'list';
    const projectId = query?.projectId as string | undefined;
    const slug = endpoint.id === 'getOwnArticle' ? params?.slug : undefined;
    const cached = projectId && slug !== undefined ? details.peek(projectId, slug) : undefined;
    const access: ContentAccess = await checkAccess(
      digest,
      bucket,
      { projectId, slug, known: cached?.version },
      new Date(Date.now() + timeoutMs),
    );
    if (!access.accountId) throw failed();
    knownKeys.add(digest, access.accountId);
    if (!access.counted) throw unavailable();
    if (cached && access.project?.articlesVersion === cached.version) access.cachedPage = cached.page;
    return access;
  }

  /** The account's quota headers for this request's bucket, as the access check counted it; 429 over either window. The MCP
   * endpoint's messages have none: each of its tool calls is held to them as the /v1 request it makes. */
  function limit(access: Access, endpoint: Endpoint) {
    if (endpoint.id === callAccountMcp.id) return {};
    const bucket: Bucket = endpoint.bucket ?? 'list';
    const headers = rateLimitHeaders(limits, bucket, access.windows);
    const wait = retryAfter(limits, bucket, access.windows);
    if (wait !== undefined)
      throw new ApiError(429, 'rate_limited', `Rate limit exceeded for ${bucket} requests; retry in ${wait} s.`, {
        ...headers,
        'retry-after': String(wait),
      });
    return headers;
  }

  // One handler per endpoint module of the API (the registry's content entries), loaded on first use.
  const handlers = bindHandlers(
    endpointsOf('content').filter((e) => e.module),
    handlerModule,
    {
      sql,
      lists: cache,
      details,
      events: createChangeHub(sql, { maxS: config.SKRIBRA_EVENTS_MAX_S ?? STREAM_BOUND_S[deps.host ?? 'origin'] }),
    } satisfies ContentDeps,
    {
      checkAnswers: deps.checkAnswers,
    },
  );

  return {
    handlers,
    authenticate,
    limit,
    headers: (endpoint) => ({
      ...KEYED_HEADERS,
      ...(endpoint?.bucket ? { 'ratelimit-policy': rateLimitHeaders(limits, endpoint.bucket, [])['ratelimit-policy']! } : {}),
    }),
    deadline: { ms: timeoutMs, error: unavailable },
    mapError: storeErrorAnswer,
    index: () => ({
      data: {
        name: 'Skribra content API',
        version: '1.0.0',
        authentication: KEY_HEADER_RULE,
        documentation: '/docs/content-api/',
        openapi: '/openapi.json',
        endpoints: endpointsOf('content')
          .filter((e) => e.doc)
          .map((e) => ({ path: e.pattern, description: e.doc!.summary })),
        mcp: { path: MCP_SERVERS.account.path, description: MCP_SERVERS.account.description, documentation: MCP_SERVERS.account.docs },
      },
    }),
  };
}

/** The content API alone as one web-standard handler (the Netlify function, tests). */
export function createContentApi(deps: ContentApiDeps): (req: Request) => Promise<Response> {
  return createPipeline({ apis: { content: contentImplementation(deps) } });
}
