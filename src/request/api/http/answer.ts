// A handler's answer, typed by its endpoint's output schema. An endpoint module's handler must return `answer(...)`
// (or `preparedAnswer(...)`, bytes serialised earlier), whose value is checked against the schema's output type
// where it is written: a field the schema lacks, or one it requires left out, does not compile. The pipeline takes
// both as the Reply it knows (respond.ts).
import type { Headers } from '../../../model/endpoints/cache-policy.ts';
import type * as z from 'zod';
import { type Prepared, Reply } from './respond.ts';

/** The success body an endpoint declares (`output`); unknown for one that declares none. */
export type OutputOf<E> = E extends { output: () => infer S extends z.ZodType } ? z.output<S> : unknown;

declare const OUTPUT: unique symbol;
/** A Reply that carries, in its type only, the output it was checked against. */
export type Answer<T> = Reply & { readonly [OUTPUT]: T };

/** The answer `value`, which must be exactly what the endpoint's output schema describes, with extra headers. */
export const answer = <E>(_endpoint: E, value: OutputOf<E>, headers: Headers = {}): Answer<OutputOf<E>> =>
  new Reply(value, headers) as Answer<OutputOf<E>>;

/** An answer serialised before (a cached page: its bytes and ETag), typed as the endpoint's output. */
export const preparedAnswer = <E>(_endpoint: E, page: Prepared, headers: Headers = {}): Answer<OutputOf<E>> =>
  new Reply(undefined, headers, page) as Answer<OutputOf<E>>;
