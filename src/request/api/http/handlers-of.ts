// The types of handlers, read off the registry's declared entries: each handler is given the values its endpoint's
// own schemas produce, and an endpoint module's handler must answer with its output schema's type (answer.ts). So a
// table that misses an endpoint, names one the registry does not declare, reads a parameter its endpoint does not
// declare (or as the wrong type), or answers a shape its output schema does not describe does not compile, and the
// registry stays data: only its types are read here.
import type * as z from 'zod';
import type { Api, DeclaredEndpoint } from '../../../model/endpoints/registry.ts';
import type { Answer, OutputOf } from './answer.ts';
import type { Ctx } from './api-implementation.ts';

/** What nothing was declared for: no key may be read from it. */
type Nothing = Record<never, never>;
/** The output of a lazily built schema (lazy-object.ts), as validate.ts hands it on. */
type Parsed<L> = L extends { schema: () => infer S extends z.ZodType } ? z.output<S> : Nothing;

export type QueryOf<E> = E extends { query: infer L } ? Parsed<L> : Nothing;
export type PathOf<E> = E extends { path: infer L } ? Parsed<L> : Nothing;
export type { OutputOf };
/** An `account-key` endpoint's handler gets what the API's `authenticate` returned (`A`); an open one nothing. */
export type AccessOf<E, A> = E extends { auth: 'account-key' } ? A : undefined;

/** The ctx of one declared endpoint's handler. */
export type EndpointCtx<E, A = unknown> = Ctx<AccessOf<E, A>, QueryOf<E>, PathOf<E>>;
/** The declared entry of an id (the collections' entries are declared once for every collection, ids as a union). */
type EndpointOf<Id> = DeclaredEndpoint extends infer E ? (E extends { id: infer I } ? (Id extends I ? E : never) : never) : never;
/** The ctx of the handler of endpoint `Id`, for a handler written apart from its table. */
export type CtxOf<Id extends DeclaredEndpoint['id'], A = unknown> = EndpointCtx<EndpointOf<Id>, A>;

/**
 * The handler of an endpoint module: its endpoint's ctx and the API's deps `D` in, and an answer typed by the
 * endpoint's output schema out (a whole Response only for an endpoint that declares no output: another protocol).
 */
export type HandlerOf<E, A = unknown, D = unknown> = (
  ctx: EndpointCtx<E, A>,
  deps: D,
) => E extends { output: unknown } ? Answer<OutputOf<E>> | Promise<Answer<OutputOf<E>>> : unknown;

/**
 * One handler per endpoint of `Of` that its API's table binds (not the endpoint modules', which are their own
 * handler files: src/model/endpoints/endpoint.ts), by id, answering its output schema's type where it declares one;
 * `A` is the API's `authenticate`'s answer.
 */
export type HandlersOf<Of extends Api, A = unknown> = {
  readonly [E in Extract<DeclaredEndpoint, { api: Of }> as E extends { module: true } ? never : E['id']]: (
    ctx: EndpointCtx<E, A>,
  ) => E extends { output: unknown } ? OutputOf<E> | Promise<OutputOf<E>> : unknown;
};
