// The one request pipeline (DESIGN section 3, rule 1), for every runtime: the local origin, each Netlify function.
// Its stages, one small function each in stages/:
//   decode (the path, once) -> match (endpoint, API root or site) -> method (OPTIONS, 405 with Allow)
//   -> static answer (the build's file, when the origin has files) -> validate (parsed now, refused after auth)
//   -> auth (401) -> limit (429) -> handle -> conditional (ETag/304 and HEAD for every answer, a handler's own and
//   errors included: core/conditional.ts, the decision static files, twins and the Netlify harness make too)
//   -> cache headers (the endpoint's policy) -> errors as {code, message} (fail).
// Handlers get validated values only; nothing from the request reaches the store before it passed its schema.
import { DATA_SECURITY } from '../../../model/core/security-headers.ts';
import { answerOf } from '../../../model/core/conditional.ts';
import { strongEtag } from '../../../model/core/etag.ts';
import { API_ROOTS, endpointsOf, type Api, type Endpoint } from '../../../model/endpoints/registry.ts';
import { allowedMethods } from '../../../model/endpoints/methods.ts';
import { notFound, ApiError } from './api-error.ts';
import { CACHE, type Headers } from '../../../model/endpoints/cache-policy.ts';
import { jsonBody } from './respond.ts';
import type { ApiImplementation } from './api-implementation.ts';
import { deadline } from '../../../model/core/deadline.ts';
import { decode } from './stages/decode.ts';
import { match, type Decision } from './stages/match.ts';
import { method, siteMethod } from './stages/method.ts';
import { staticAnswer, type StaticAnswer } from './stages/static-answer.ts';
import { validate } from './stages/validate.ts';
import { auth } from './stages/auth.ts';
import { limit } from './stages/limit.ts';
import { handle } from './stages/handle.ts';
import { computedResponse } from './stages/conditional.ts';
import { cacheHeaders } from './stages/cache-headers.ts';
import { baseHeaders } from './stages/base-headers.ts';
import { fail } from './stages/fail.ts';

export type { AuthInput, Ctx, ApiImplementation } from './api-implementation.ts';

type SiteHandler = (req: Request, decision: Extract<Decision, { to: 'site' }>) => Response | Promise<Response>;

interface PipelineOptions {
  apis: Partial<Record<Api, ApiImplementation>>;
  /** Serves a build file when it exists (the local origin); functions leave it out. */
  staticFile?: StaticAnswer;
  /** Site pages and files (the local origin); without it the site is a plain 404. */
  site?: SiteHandler;
}

/** An API's index (`/v1/`): cached as the catalog is in browsers. */
const INDEX_CACHE = { 'cache-control': CACHE.public.ok['cache-control'] };
/** What an API root answers besides its index: reads, and OPTIONS. */
const ROOT_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/**
 * Refuses, at creation, an API whose endpoints lack a handler or declared auth (fail closed). Each API's table is
 * typed `HandlersOf<api>`, but the collections' handlers are bound in a loop the types cannot follow, and an implementation
 * may be built outside the typed tables (a test's oracle), so the ids are checked here as well.
 */
function checkImplementation(api: Api, implementation: ApiImplementation) {
  for (const e of endpointsOf(api)) {
    if (e.auth !== 'none' && e.auth !== 'account-key') throw new Error(`endpoint ${e.id} declares no auth: refused`);
    if (e.auth === 'account-key' && !implementation.authenticate)
      throw new Error(`endpoint ${e.id} needs an account key but the ${api} API has no authenticate`);
    if (typeof implementation.handlers[e.id] !== 'function') throw new Error(`endpoint ${e.id} has no handler in the ${api} API`);
  }
  const known = new Set(endpointsOf(api).map((e) => e.id));
  for (const id of Object.keys(implementation.handlers))
    if (!known.has(id)) throw new Error(`handler ${id} of the ${api} API names no endpoint of the registry`);
}

export function createPipeline({ apis, staticFile, site }: PipelineOptions): (req: Request) => Promise<Response> {
  for (const [api, implementation] of Object.entries(apis)) checkImplementation(api as Api, implementation!);

  /** An endpoint's answer once method and static file are settled: validate, auth, limit, handle, conditional. */
  async function run(req: Request, url: URL, endpoint: Endpoint, rawParams: Record<string, string>, base: Headers): Promise<Response> {
    const implementation = apis[endpoint.api];
    if (!implementation)
      throw new ApiError(503, 'unavailable', `The ${endpoint.api} API is not running on this origin.`, { 'retry-after': '30' });
    const validated = validate(endpoint, rawParams, url);
    const work = async () => {
      const access = await auth(req, implementation, endpoint, validated);
      Object.assign(base, limit(implementation, endpoint, access));
      if (validated.problem) throw validated.problem;
      return handle(implementation, { req, url, endpoint, params: validated.params!, query: validated.query!, access, dispatch: pipeline });
    };
    const outcome = await (implementation.deadline ? deadline(work(), implementation.deadline.ms, implementation.deadline.error) : work());
    const policy = cacheHeaders(endpoint.cache, 200);
    // A handler's own Response (another protocol) answers whole; the API's headers still go on, under its own.
    if (outcome instanceof Response) return answerOf(req, withHeaders(outcome, { ...base, ...policy }));
    return computedResponse(req, { ...outcome, headers: { ...base, ...policy, ...outcome.headers } });
  }

  /** An API's root: its index, or the JSON 404 of a path under it that names no endpoint. */
  function apiRoot(
    req: Request,
    url: URL,
    decision: Extract<Decision, { to: 'api-root' }>,
    implementation: ApiImplementation | undefined,
    base: Headers,
  ): Response | Promise<Response> {
    const { api } = decision;
    const early = method(req, { allow: ROOT_METHODS, cors: api === 'public', headers: base, refuse: false });
    if (early) return early;
    if (decision.index && implementation?.index && (req.method === 'GET' || req.method === 'HEAD')) {
      const body = jsonBody(implementation.index());
      return computedResponse(req, { body, etag: strongEtag(body), headers: { ...base, ...INDEX_CACHE } });
    }
    const list = api === 'tools' || api === 'mcp' ? '' : ` See ${url.origin}${API_ROOTS[api]}/ for the list.`;
    throw new ApiError(404, 'not_found', `No endpoint at ${url.pathname}.${list}`);
  }

  /**
   * The site: reads only (405 otherwise), answered by the origin's files, or a plain 404 without them. A file answer
   * has made the conditional decision already (the same one); passing it through again changes nothing, and holds
   * any other site answer to it.
   */
  function toSite(req: Request, decision: Extract<Decision, { to: 'site' }>): Response | Promise<Response> {
    const early = siteMethod(req);
    if (early) return early;
    if (!site) return fail(req, notFound('page'), DATA_SECURITY, undefined, undefined);
    const answer = site(req, decision);
    return answer instanceof Response ? answerOf(req, answer) : answer.then((res) => answerOf(req, res));
  }

  return pipeline;
  async function pipeline(req: Request): Promise<Response> {
    const { url, path } = decode(req);
    const decision = match(path);
    if (decision.to === 'site') return toSite(req, decision);

    const endpoint = decision.to === 'endpoint' ? decision.endpoint : undefined;
    const api = decision.to === 'api-root' ? decision.api : decision.endpoint.api;
    const implementation = apis[api];
    const base = baseHeaders(api, implementation, endpoint);
    try {
      if (decision.to === 'api-root') return await apiRoot(req, url, decision, implementation, base);
      const endpoint = decision.endpoint;
      const early = method(req, { allow: allowedMethods(endpoint), cors: endpoint.cors, headers: base });
      if (early) return early;
      const file = staticFile && staticAnswer(req, url, decision, { ...base, ...cacheHeaders(endpoint.cache, 200) }, staticFile);
      if (file) return file;
      return await run(req, url, endpoint, decision.params, base);
    } catch (err) {
      return fail(req, err, base, endpoint?.cache, implementation);
    }
  }
}

/** A handler's own Response with `headers` added where it sets none of its own. */
function withHeaders(res: Response, headers: Headers): Response {
  const merged = new globalThis.Headers(headers);
  res.headers.forEach((value, name) => merged.set(name, value));
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers: merged });
}
