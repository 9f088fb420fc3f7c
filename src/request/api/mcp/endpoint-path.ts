// A tool argument that fills a path parameter is checked by that parameter's own schema (the endpoint's `path` in
// the registry, which the pipeline checks an HTTP request's path with) before any URL is made of it. A URL is no
// place to check it: `new URL()` resolves `.` and `..` (and `%2e%2e`) before anything sees the segment, so
// `get_glossary_term("..")` would have asked for /api/v1/ itself. A value that fails is the 404 the same segment
// gets over HTTP: dot segments, encoded slashes, empty values and anything else that cannot be a slug name nothing.
import { notFound } from '../http/api-error.ts';
import { endpoints, type Endpoint } from '../../../model/endpoints/registry.ts';

/** The registry's endpoint of this id; a typo is a programming error, thrown at once. */
export function endpointById(id: string): Endpoint {
  const endpoint = endpoints.find((e) => e.id === id);
  if (!endpoint) throw new Error(`no endpoint ${id} in the registry`);
  return endpoint;
}

/** The endpoint's path with `params` in its `:name` segments, once they pass its path schema; else 404 `not_found`. */
export function endpointPath(endpoint: Endpoint, params: Record<string, string> = {}): string {
  const path = endpoint.pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const ok = endpoint.path ? endpoint.path.schema().safeParse(params).success : !/:\w/.test(endpoint.pattern);
  // The message the pipeline's validate stage gives a segment that fails (http/stages/validate.ts).
  if (!ok) throw notFound(`${endpoint.pattern.split('/').at(-2) ?? 'resource'} at ${path}`);
  return path;
}
