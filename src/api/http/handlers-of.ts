// The type of an API's handler table, read off the registry's declared entries: exactly one handler per endpoint id
// of the API, each given the values its endpoint's own schemas produce. So a table that misses an endpoint, names one
// the registry does not declare, or reads a parameter its endpoint does not declare (or as the wrong type) does not
// compile, and the registry stays data: only its types are read here.
import type * as z from 'zod';
import type { Api, DeclaredEndpoint } from '../registry.ts';
import type { Ctx } from './runtime.ts';

/** What nothing was declared for: no key may be read from it. */
type Nothing = Record<never, never>;
/** The output of a lazily built schema (lazy-object.ts), as validate.ts hands it on. */
type Parsed<L> = L extends { schema: () => infer S extends z.ZodType } ? z.output<S> : Nothing;

export type QueryOf<E> = E extends { query: infer L } ? Parsed<L> : Nothing;
export type PathOf<E> = E extends { path: infer L } ? Parsed<L> : Nothing;
/** An `account-key` endpoint's handler gets what the API's `authenticate` returned (`A`); an open one nothing. */
export type AccessOf<E, A> = E extends { auth: 'account-key' } ? A : undefined;

/** The ctx of one declared endpoint's handler. */
export type EndpointCtx<E, A = unknown> = Ctx<AccessOf<E, A>, QueryOf<E>, PathOf<E>>;
/** The declared entry of an id (the collections' entries are declared once for every collection, ids as a union). */
type EndpointOf<Id> = DeclaredEndpoint extends infer E ? (E extends { id: infer I } ? (Id extends I ? E : never) : never) : never;
/** The ctx of the handler of endpoint `Id`, for a handler written apart from its table. */
export type CtxOf<Id extends DeclaredEndpoint['id'], A = unknown> = EndpointCtx<EndpointOf<Id>, A>;

/** One handler per endpoint of `Of`, by id; `A` is the API's access (what its `authenticate` returns). */
export type HandlersOf<Of extends Api, A = unknown> = {
  readonly [E in Extract<DeclaredEndpoint, { api: Of }> as E['id']]: (ctx: EndpointCtx<E, A>) => unknown;
};
