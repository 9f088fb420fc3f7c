// Stage, validate: the path parameters and the query against the endpoint's schemas, before anything reaches the
// store. Parsed before auth, refused after it (auth.ts runs in between): 401 and 429 come first; then a bad query is
// 400, then a path segment that names nothing is 404.
import type { Endpoint } from '../../../../model/endpoints/registry.ts';
import { notFound } from '../api-error.ts';
import { parseQuery } from '../parse-query.ts';

export interface Validated {
  /** The path parameters, when they passed their schema. */
  params: Record<string, string> | undefined;
  /** The query, when it passed its schema. */
  query: Record<string, unknown> | undefined;
  /** What to throw once auth has run: the query's 400, else the parameters' 404; undefined when both passed. */
  problem: unknown;
}

export function validate(endpoint: Endpoint, rawParams: Record<string, string>, url: URL): Validated {
  const parsed = endpoint.path ? endpoint.path.schema().safeParse(rawParams) : { success: true as const, data: rawParams };
  const params = parsed.success ? (parsed.data as Record<string, string>) : undefined;
  let query: Record<string, unknown> | undefined;
  let problem: unknown;
  try {
    query = endpoint.query ? parseQuery(endpoint.query.schema(), url.searchParams) : {};
  } catch (err) {
    problem = err;
  }
  if (!problem && !params) problem = notFound(`${endpoint.pattern.split('/').at(-2) ?? 'resource'} at ${url.pathname}`);
  return { params, query, problem };
}
