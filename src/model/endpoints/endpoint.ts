// What an endpoint is: one declaration of data (pattern, methods, auth, path/query/output schemas, cache policy,
// docs, the MCP tool it is offered as). An endpoint module is this declaration in
// `src/model/endpoints/{api}/{id}.endpoint.ts` and its handler in `src/request/api/{api}/{id}.handler.ts` (the id in kebab case),
// which the API's implementation loads by that name when the endpoint is first served. The declarations (this folder) sit
// below everything that serves them: the pipeline, the APIs' implementations and the handlers import them, never the reverse, and
// whatever reads the declarations (the OpenAPI document, the MCP servers, another API's function) loads no handler.
// `defineEndpoint` keeps the literal id, API, auth and schemas in the entry's type: the handler's ctx and answer are
// typed from them (src/request/api/http/handlers-of.ts).
import type * as z from 'zod';
import type { CollectionKey } from '../catalog/collections.ts';
import type { EnvelopeName } from '../schemas/envelopes.ts';
import type { CachePolicy } from './cache-policy.ts';
import type { LazyObject } from './lazy-object.ts';
import type { Method } from './methods.ts';

export type { Method };
export type Api = 'public' | 'content' | 'tools' | 'mcp' | 'images' | 'signup';
export type Auth = 'none' | 'account-key';
/** The catalog lists whose slugs fill a detail endpoint's static files: the glossary's terms or a collection. */
export type SlugSource = 'terms' | CollectionKey;

/** The MCP tool an endpoint is offered as: its arguments are the endpoint's path and query parameters. */
export interface ToolFacts {
  name: string;
  title: string;
  description: string;
  /** An argument worded as this tool needs it said, instead of its parameter's own description. */
  args?: Readonly<Record<string, string>>;
}

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
  /** The success body's schema: types the handler's answer, names the OpenAPI response, the client's type. */
  output?: () => z.ZodType;
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
    /** The response's component name: an envelope of src/model/schemas/envelopes.ts, or the name of this entry's `output`. */
    ok: EnvelopeName | `${string}List` | `${string}Response` | `${string}Event`;
    errors: readonly number[];
  };
  /**
   * A stream of server-sent events (`text/event-stream`) instead of one JSON body: each event's name, and its
   * `data`'s schema under the component name the OpenAPI document and the client's types give it. Such an endpoint
   * declares no `output` and its handler answers a whole streamed Response; `doc.ok` names its main event.
   */
  events?: Record<string, { name: string; data: () => z.ZodType }>;
  /** Offered as a tool of the API's MCP server: the account server's for the content API, the site server's for the public. */
  tool?: ToolFacts;
  /**
   * An endpoint module: its handler is `src/request/api/{api}/{kebab(id)}.handler.ts`, which the API's implementation loads by
   * that name. Without it, the API's handler table binds the handler by id.
   */
  module?: true;
}

/** `listOwnTags` -> `list-own-tags`: the name of an endpoint module's files. */
export const kebab = (id: string): string => id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** An entry with its literal id, API, auth and schemas kept in its type: handlers are checked against them. */
export const defineEndpoint = <const E extends Endpoint>(entry: E): E => entry;
