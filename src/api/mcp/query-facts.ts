// What a tool's argument says about itself comes from the HTTP parameter it becomes: the description and the enum
// values of the registry's query schema (src/api/queries.ts), so the tools and the OpenAPI document cannot drift.
import type * as z from 'zod';
import type { LazyObject } from '../http/lazy-object.ts';

type Field = z.ZodType & { unwrap?: () => Field; options?: readonly string[] };

const fieldOf = (query: LazyObject, key: string): Field => {
  const field = query.schema().shape[key] as Field | undefined;
  if (!field) throw new Error(`query schema has no parameter ${key}`);
  return field;
};

/** The parameter's description, from its own metadata or that of the schema it wraps. */
export function describeParam(query: LazyObject, key: string): string {
  for (let f: Field | undefined = fieldOf(query, key); f; f = f.unwrap?.()) {
    const description = f.meta()?.description;
    if (description) return description;
  }
  throw new Error(`query parameter ${key} has no description`);
}

/** The values of an enum parameter (behind its default or optional wrapper). */
export function enumOf(query: LazyObject, key: string): [string, ...string[]] {
  for (let f: Field | undefined = fieldOf(query, key); f; f = f.unwrap?.()) {
    if (f.options?.length) return [...f.options] as [string, ...string[]];
  }
  throw new Error(`query parameter ${key} is not an enum`);
}
