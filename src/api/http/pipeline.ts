// The one request pipeline (DESIGN section 3, rule 1), for every runtime: the local origin, each Netlify function.
//   decode the path once -> match once (decide.ts) -> method: OPTIONS, HEAD, 405 with Allow -> static file when the
//   build has the answer -> path parameters (a bad one names nothing: 404) -> query (400, held back until auth has
//   run) -> auth (401 first, then the rate limit) -> handler -> JSON, strong ETag, 304, cache policy -> errors as
//   {code, message} with the policy's error headers.
// Handlers get validated values only; nothing from the request reaches the store before it passed its schema.
import { DATA_SECURITY } from '../../core/security-headers.ts';
import { ifNoneMatchHits, strongEtag } from '../../core/etag.ts';
import { allowedMethods, API_ROOTS, endpointsOf, SITE_METHODS, type Api, type Endpoint } from '../registry.ts';
import { ApiError, notFound } from './api-error.ts';
import { errorHeaders, NO_STORE, type Headers } from './cache-policy.ts';
import { OPEN_CORS, preflight } from './cors.ts';
import { decide, staticFileOf, type Decision } from './decide.ts';
import { parseQuery } from './parse-query.ts';
import { JSON_TYPE, jsonBody, Reply, toErrorResponse, withoutBody } from './respond.ts';
import { requestKey } from './request-key.ts';
import { addressOf } from './client-address.ts';

export interface Ctx<A = unknown> {
  req: Request;
  url: URL;
  endpoint: Endpoint;
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** What the API's `authenticate` returned, for `account-key` endpoints. */
  access: A;
  /** This pipeline, for a handler that answers by making requests of its own (the MCP servers call the APIs). */
  dispatch: (req: Request) => Promise<Response>;
}
export type Handler = (ctx: Ctx<never>) => unknown;

/** One API as the pipeline runs it. */
export interface Runtime {
  /** A handler for every endpoint of the API, by endpoint id. */
  handlers: Record<string, Handler>;
  /** For `account-key` endpoints: checks the key and counts the request (401, 429); its headers go on every answer. */
  authenticate?: (input: AuthInput) => Promise<{ access: unknown; headers: Headers }>;
  /** Headers on every answer of this API, errors included. */
  headers?: (endpoint: Endpoint | undefined) => Headers;
  /** Bound on the store work of one request (auth and handler), past which `onTimeout` is thrown. */
  deadline?: { ms: number; error: () => ApiError };
  /** Maps a failure of the API's backing store to the ApiError the client gets. */
  mapError?: (err: unknown) => unknown;
  /** The API's index, answered at its bare root (`/v1/`). */
  index?: () => unknown;
}

/** What `authenticate` is given: the key, and the path parameters and query when they passed their schemas. */
export interface AuthInput {
  key: string; endpoint: Endpoint; params: Record<string, string> | undefined; query: Record<string, unknown> | undefined;
  /** The client's address as the adapter stamped it (client-address.ts), for limits on failed authentications. */
  address: string | undefined;
}

/** A static file of the build: what the origin serves for endpoints with a static answer, and for the site. */
export type StaticAnswer = (req: Request, file: string, headers: Headers) => Response | undefined;
export type SiteHandler = (req: Request, decision: Extract<Decision, { to: 'site' }>) => Response | Promise<Response>;

export interface PipelineOptions {
  apis: Partial<Record<Api, Runtime>>;
  /** Serves a build file when it exists (the local origin); functions leave it out. */
  staticFile?: StaticAnswer;
  /** Site pages and files (the local origin); without it the site is a plain 404. */
  site?: SiteHandler;
}

const allowHeader = (methods: readonly string[]) => ({ allow: methods.join(', ') });
const methodNotAllowed = (method: string, allow: readonly string[]) =>
  new ApiError(405, 'method_not_allowed', `${method} is not allowed here; use ${allow.filter((m) => m !== 'OPTIONS').join(' or ')}.`, allowHeader(allow));
const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** Refuses, at creation, an API whose endpoints lack a handler or declared auth (fail closed). */
function checkRuntime(api: Api, runtime: Runtime) {
  for (const e of endpointsOf(api)) {
    if (e.auth !== 'none' && e.auth !== 'account-key') throw new Error(`endpoint ${e.id} declares no auth: refused`);
    if (e.auth === 'account-key' && !runtime.authenticate) throw new Error(`endpoint ${e.id} needs an account key but the ${api} API has no authenticate`);
    if (typeof runtime.handlers[e.id] !== 'function') throw new Error(`endpoint ${e.id} has no handler in the ${api} API`);
  }
  const known = new Set(endpointsOf(api).map((e) => e.id));
  for (const id of Object.keys(runtime.handlers)) if (!known.has(id)) throw new Error(`handler ${id} of the ${api} API names no endpoint of the registry`);
}

export function createPipeline({ apis, staticFile, site }: PipelineOptions): (req: Request) => Promise<Response> {
  for (const [api, runtime] of Object.entries(apis)) checkRuntime(api as Api, runtime!);

  /** Headers every answer of an endpoint (or of its API root) carries. */
  const baseHeaders = (api: Api, endpoint: Endpoint | undefined): Headers => ({
    ...DATA_SECURITY,
    ...(api === 'public' ? OPEN_CORS : {}),
    ...apis[api]?.headers?.(endpoint),
  });

  function finish(req: Request, status: number, text: string, etag: string, headers: Headers): Response {
    const all = { ...headers, etag };
    if (status === 200 && ifNoneMatchHits(req.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers: all });
    return new Response(req.method === 'HEAD' ? null : text, { status, headers: { 'content-type': JSON_TYPE, ...all } });
  }

  function fail(req: Request, err: unknown, base: Headers, endpoint: Endpoint | undefined, runtime: Runtime | undefined): Response {
    const mapped = runtime?.mapError ? runtime.mapError(err) : err;
    const status = mapped instanceof ApiError ? mapped.status : 500;
    const res = toErrorResponse(mapped, { ...base, ...(endpoint ? errorHeaders(endpoint.cache, status) : NO_STORE) });
    return req.method === 'HEAD' ? withoutBody(res) : res;
  }

  async function run(req: Request, url: URL, endpoint: Endpoint, rawParams: Record<string, string>, base: Headers): Promise<Response> {
    const runtime = apis[endpoint.api];
    if (!runtime) throw new ApiError(503, 'unavailable', `The ${endpoint.api} API is not running on this origin.`, { 'retry-after': '30' });
    // Parsed before auth, thrown after it (query 400, then a path segment that names nothing, 404): 401 and 429 come
    // first, and only validated values reach the store.
    const params = endpoint.path ? endpoint.path.schema().safeParse(rawParams) : { success: true as const, data: rawParams };
    let query: Record<string, unknown> | undefined;
    let queryError: unknown;
    try { query = endpoint.query ? parseQuery(endpoint.query.schema(), url.searchParams) : {}; } catch (err) { queryError = err; }

    const work = async () => {
      let access: unknown;
      if (endpoint.auth === 'account-key') {
        const key = requestKey(req);
        if (!key) throw unauthorized();
        const auth = await runtime.authenticate!({ key, endpoint, params: params.success ? params.data as Record<string, string> : undefined, query, address: addressOf(req) });
        Object.assign(base, auth.headers);
        access = auth.access;
      }
      if (queryError) throw queryError;
      if (!params.success) throw notFound(`${endpoint.pattern.split('/').at(-2) ?? 'resource'} at ${url.pathname}`);
      return runtime.handlers[endpoint.id]!({ req, url, endpoint, params: params.data as Record<string, string>, query: query!, access: access as never, dispatch: pipeline });
    };
    const result = await (runtime.deadline ? withDeadline(work(), runtime.deadline) : work());
    // A handler that speaks another protocol (MCP's JSON-RPC, with its own statuses) answers whole; the API's headers
    // (security, cache policy) still go on, under the handler's own.
    if (result instanceof Response) return withHeaders(result, { ...base, ...endpoint.cache.ok });
    const reply = result instanceof Reply ? result : new Reply(result);
    const text = reply.prepared?.text ?? jsonBody(reply.body);
    const etag = reply.prepared?.etag ?? strongEtag(text);
    return finish(req, 200, text, etag, { ...base, ...endpoint.cache.ok, ...reply.headers });
  }

  return pipeline;
  async function pipeline(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const decision = decide(url.pathname);

    if (decision.to === 'site') {
      if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: { ...DATA_SECURITY, ...allowHeader(allowedMethods({ methods: SITE_METHODS })) } });
      if (!isRead(req.method)) return fail(req, methodNotAllowed(req.method, allowedMethods({ methods: SITE_METHODS })), DATA_SECURITY, undefined, undefined);
      return site ? site(req, decision) : fail(req, notFound('page'), DATA_SECURITY, undefined, undefined);
    }

    const match = decision.to === 'endpoint' ? decision : undefined;
    const endpoint = match?.endpoint;
    const api = decision.to === 'api-root' ? decision.api : match!.endpoint.api;
    const runtime = apis[api];
    const base = baseHeaders(api, endpoint);
    try {
      if (!match || !endpoint) {
        if (req.method === 'OPTIONS') return api === 'public' ? preflight() : new Response(null, { status: 204, headers: { ...base, ...allowHeader(['GET', 'HEAD', 'OPTIONS']) } });
        if (decision.to === 'api-root' && decision.index && runtime?.index && isRead(req.method)) {
          const text = jsonBody(runtime.index());
          return finish(req, 200, text, strongEtag(text), { ...base, 'cache-control': 'public, max-age=300' });
        }
        throw notFound(`endpoint at ${url.pathname}${api === 'tools' || api === 'mcp' ? '' : `; see ${url.origin}${API_ROOTS[api]}/ for the list`}`);
      }
      const allow = allowedMethods(endpoint);
      if (req.method === 'OPTIONS') return endpoint.cors ? preflight() : new Response(null, { status: 204, headers: { ...base, ...allowHeader(allow) } });
      if (!allow.includes(req.method)) throw methodNotAllowed(req.method, allow);
      if (staticFile && endpoint.static && isRead(req.method) && (!url.search || endpoint.static.preferStatic)) {
        const file = staticFileOf(match);
        const res = file && endpoint.path?.schema().safeParse(match.params).success !== false ? staticFile(req, file, { ...base, ...endpoint.cache.ok }) : undefined;
        if (res) return res;
      }
      return await run(req, url, endpoint, match.params, base);
    } catch (err) {
      return fail(req, err, base, endpoint, runtime);
    }
  }
}

/** A handler's own Response with `headers` added where it sets none of its own. */
function withHeaders(res: Response, headers: Headers): Response {
  const merged = new globalThis.Headers(headers);
  res.headers.forEach((value, name) => merged.set(name, value));
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers: merged });
}

export const unauthorized = () => new ApiError(401, 'unauthorized', 'A valid API key is required: send Authorization: Bearer <key> or X-Api-Key: <key>.', { 'www-authenticate': 'Bearer realm="skribra"' });

/** Rejects with the deadline's error when the work does not settle in time; the work's own failure wins before. */
function withDeadline<T>(work: Promise<T>, { ms, error }: { ms: number; error: () => ApiError }): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    work.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => { timer = setTimeout(() => reject(error()), ms); }),
  ]);
}
