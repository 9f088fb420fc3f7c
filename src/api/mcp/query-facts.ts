// What a tool's argument says about itself comes from the HTTP parameter it becomes: the description and the enum
// values of the registry's query schema (src/api/queries.ts), so the tools and the OpenAPI document cannot drift.
import * as z from 'zod';
import type { LazyObject } from '../http/lazy-object.ts';
import { MAX_INT } from '../http/params.ts';

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

/** What a parameter's input JSON Schema says of its values, as the OpenAPI document gives it (machine/openapi). */
const BOUNDS = ['type', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'format', 'enum'] as const;

/** The bounds of a query or path parameter: its input JSON Schema's, the same conversion the OpenAPI document makes. */
export function boundsOf(query: LazyObject, key: string): Record<string, unknown> {
  const json = z.toJSONSchema(query.schema(), { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as {
    properties: Record<string, Record<string, unknown>>;
  };
  const property = json.properties[key];
  if (!property) throw new Error(`query schema has no parameter ${key}`);
  return Object.fromEntries(BOUNDS.filter((b) => property[b] !== undefined).map((b) => [b, property[b]]));
}

/**
 * The bounds a tool argument states: the parameter's, but for an integer's upper bound the documented one (spec
 * section 8). A limit's is its cap, what the largest value the API accepts becomes (the cap lives in the parameter's
 * own schema, http/params.ts `intParam`); a page has none. MAX_INT, the only bound the API refuses a page or limit
 * past, is no documented bound and no tool states it.
 */
export function documentedBoundsOf(query: LazyObject, key: string): Record<string, unknown> {
  const { maximum, ...bounds } = boundsOf(query, key);
  if (bounds.type !== 'integer' || typeof maximum !== 'number') return maximum === undefined ? bounds : { ...bounds, maximum };
  const largest = fieldOf(query, key).safeParse(String(maximum));
  const cap = largest.success && typeof largest.data === 'number' && largest.data < maximum ? largest.data : undefined;
  if (cap !== undefined) return { ...bounds, maximum: cap };
  return maximum === MAX_INT ? bounds : { ...bounds, maximum };
}

/**
 * A tool argument that stands for an HTTP parameter: `base` (the JSON type a client sends, as the SDK checks it; an
 * integer's is `z.number()`, since zod's `int()` would state and check 2^53 - 1 itself), described and bounded in its
 * JSON Schema as the OpenAPI document describes the parameter, with the documented upper bound (`documentedBoundsOf`).
 * The bounds are stated, not checked here: the call is the HTTP request, so a value out of them (a fraction, a page
 * past MAX_INT) gets the API's own 400 and message, and a limit past its cap is capped, as over HTTP.
 */
export function paramArg<T extends z.ZodType>(query: LazyObject, key: string, base: T, description = describeParam(query, key)): T {
  return base.meta({ ...documentedBoundsOf(query, key), description }) as T;
}
