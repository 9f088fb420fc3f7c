// What the pipeline runs: an API as its handlers plus the few things only that API knows (how a key is checked and
// counted, its own headers, its store's deadline and failures, its index). Handlers see validated values only.
import type { Endpoint } from '../../../model/endpoints/endpoint.ts';
import type { ApiError } from './api-error.ts';
import type { Headers } from '../../../model/endpoints/cache-policy.ts';

/** A request as a handler sees it; an API's handler table narrows `Q` and `P` to its endpoint's schemas (handlers-of.ts). */
export interface Ctx<A = unknown, Q = Record<string, unknown>, P = Record<string, string>> {
  req: Request;
  url: URL;
  endpoint: Endpoint;
  /** The path parameters, as the endpoint's `path` schema gave them. */
  params: P;
  /** The query, as the endpoint's `query` schema gave it. */
  query: Q;
  /** What the API's `authenticate` returned, for `account-key` endpoints. */
  access: A;
  /** This pipeline, for a handler that answers by making requests of its own (the MCP servers call the APIs). */
  dispatch: (req: Request) => Promise<Response>;
}
/** Any endpoint's handler, as the pipeline holds it: every typed handler is one (its ctx is never wider than this). */
export type Handler = (ctx: Ctx<never, never, never>) => unknown;

/** One API as the pipeline runs it. */
export interface ApiImplementation {
  /** A handler for every endpoint of the API, by endpoint id: each API declares its table as `HandlersOf<api>`. */
  handlers: Readonly<Record<string, Handler>>;
  /** For `account-key` endpoints: checks the key (401, or 429 for an address that keeps failing) and says whose it is. */
  authenticate?: (input: AuthInput) => Promise<unknown>;
  /** For `account-key` endpoints: the quota headers of an authenticated request; throws 429 when it is over them. */
  limit?: (access: never, endpoint: Endpoint) => Headers;
  /** Headers on every answer of this API, errors included. */
  headers?: (endpoint: Endpoint | undefined) => Headers;
  /** Bound on the store work of one request (auth and handler), past which its `error` is thrown. */
  deadline?: { ms: number; error: () => ApiError };
  /** Maps a failure of the API's backing store to the ApiError the client gets. */
  mapError?: (err: unknown, req: Request) => unknown;
  /** The API's index, answered at its bare root (`/v1/`). */
  index?: () => unknown;
}

/** What `authenticate` is given: the key, and the path parameters and query when they passed their schemas. */
export interface AuthInput {
  key: string;
  endpoint: Endpoint;
  params: Record<string, string> | undefined;
  query: Record<string, unknown> | undefined;
  /** The client's address as the adapter stamped it (client-address.ts), for limits on failed authentications. */
  address: string | undefined;
}
