// What a tool's argument says about itself comes from the HTTP parameter it becomes: its JSON type, whether it is
// required, its description, bounds and enum values, all read off the registry's query or path schema
// (src/model/endpoints/queries.ts, the endpoint modules), so the tools and the OpenAPI document cannot drift.
import * as z from 'zod';
import type { LazyObject } from '../../../model/endpoints/lazy-object.ts';
import { MAX_INT } from '../../../model/endpoints/params.ts';

type Field = z.ZodType & { unwrap?: () => Field; options?: readonly string[] };
type Json = { properties: Record<string, Record<string, unknown>>; required?: string[] };

const fieldOf = (query: LazyObject, key: string): Field => {
  const field = query.schema().shape[key] as Field | undefined;
  if (!field) throw new Error(`query schema has no parameter ${key}`);
  return field;
};

/** The input side of each schema as JSON Schema, the same conversion the OpenAPI document makes; once a schema. */
const converted = new WeakMap<z.ZodType, Json>();
function jsonOf(query: LazyObject): Json {
  const schema = query.schema();
  let json = converted.get(schema);
  if (!json)
    converted.set(schema, (json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Json));
  return json;
}

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

/** The bounds of a query or path parameter: its input JSON Schema's, as the OpenAPI document gives them. */
function boundsOf(query: LazyObject, key: string): Record<string, unknown> {
  const property = jsonOf(query).properties[key];
  if (!property) throw new Error(`query schema has no parameter ${key}`);
  return Object.fromEntries(BOUNDS.filter((b) => property[b] !== undefined).map((b) => [b, property[b]]));
}

/**
 * The bounds a tool argument states: the parameter's, but for an integer's upper bound the documented one (spec
 * section 8). A limit's is its cap, what the largest value the API accepts becomes (the cap lives in the parameter's
 * own schema, http/params.ts `intParam`); a page has none. MAX_INT, the only bound the API refuses a page or limit
 * past, is no documented bound and no tool states it.
 */
function documentedBoundsOf(query: LazyObject, key: string): Record<string, unknown> {
  const { maximum, ...bounds } = boundsOf(query, key);
  if (bounds.type !== 'integer' || typeof maximum !== 'number') return maximum === undefined ? bounds : { ...bounds, maximum };
  const largest = fieldOf(query, key).safeParse(String(maximum));
  const cap = largest.success && typeof largest.data === 'number' && largest.data < maximum ? largest.data : undefined;
  if (cap !== undefined) return { ...bounds, maximum: cap };
  return maximum === MAX_INT ? bounds : { ...bounds, maximum };
}

/**
 * The JSON type a client sends for the parameter, as the SDK checks it. An integer's is `z.number()`: zod's `int()`
 * would state and check 2^53 - 1 itself, and the API judges the number (a fraction, a page past MAX_INT is its 400).
 */
function baseOf(query: LazyObject, key: string): z.ZodType {
  const { type, enum: values } = boundsOf(query, key) as { type?: string; enum?: [string, ...string[]] };
  if (values?.length) return z.enum(values);
  if (type === 'integer' || type === 'number') return z.number();
  if (type === 'boolean') return z.boolean();
  return z.string();
}

/**
 * A tool argument that stands for an HTTP parameter: the JSON type a client sends, required when the input side of
 * its schema requires it, described (by `description` when the tool says it otherwise) and bounded in its JSON Schema
 * as the OpenAPI document describes the parameter, with the documented upper bound (`documentedBoundsOf`). The bounds
 * are stated, not checked here: the call is the HTTP request, so a value out of them gets the API's own 400 and
 * message, and a limit past its cap is capped, as over HTTP.
 */
export function paramArg(query: LazyObject, key: string, description = describeParam(query, key)): z.ZodType {
  const arg = baseOf(query, key).meta({ ...documentedBoundsOf(query, key), description });
  return jsonOf(query).required?.includes(key) ? arg : arg.optional();
}
