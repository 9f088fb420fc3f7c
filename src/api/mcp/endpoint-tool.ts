// An endpoint offered as an MCP tool (its `tool` facts in the registry): the tool's arguments are the endpoint's
// query and path parameters, each typed, described and bounded from the endpoint's own schemas (query-facts.ts), and
// a call is the endpoint's HTTP request. Nothing about a tool's parameters is written twice.
import * as z from 'zod';
import type { Endpoint } from '../endpoint.ts';
import type { LazyObject } from '../http/lazy-object.ts';
import { ApiError } from '../http/api-error.ts';
import { toErrorResponse } from '../http/respond.ts';
import { endpointPath } from './endpoint-path.ts';
import { boundsOf, paramArg } from './query-facts.ts';
import type { Query } from './tool-result.ts';

type Args = Record<string, unknown>;

/** Whether a client may leave the parameter out: not required by the input side of its schema. */
const optionalIn = (params: LazyObject, key: string) => {
  const json = z.toJSONSchema(params.schema(), { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as { required?: string[] };
  return !json.required?.includes(key);
};

/** The JSON type a client sends for the parameter, as its schema's input side says. */
function baseOf(params: LazyObject, key: string): z.ZodType {
  const { type, enum: values } = boundsOf(params, key) as { type?: string; enum?: [string, ...string[]] };
  if (values?.length) return z.enum(values);
  if (type === 'integer') return z.number();
  if (type === 'boolean') return z.boolean();
  return z.string();
}

/** The tool's input schema: every query parameter, then every path parameter (always required). */
export function toolInput(endpoint: Endpoint): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const [params, where] of [
    [endpoint.query, 'query'],
    [endpoint.path, 'path'],
  ] as const) {
    for (const key of params?.keys ?? []) {
      const arg = paramArg(params!, key, baseOf(params!, key));
      shape[key] = where === 'query' && optionalIn(params!, key) ? arg.optional() : arg;
    }
  }
  return shape;
}

/**
 * The endpoint's request for these arguments: its path filled with the path arguments (404 `not_found`, as over HTTP,
 * for one its path schema refuses, without a request) and the rest as its query.
 */
export async function callEndpoint(
  endpoint: Endpoint,
  args: Args,
  call: (path: string, query?: Query) => Promise<Response>,
): Promise<Response> {
  const names = new Set(endpoint.path?.keys ?? []);
  const path: Record<string, string> = {};
  const query: Query = {};
  for (const [key, value] of Object.entries(args)) {
    if (names.has(key)) path[key] = String(value ?? '');
    else query[key] = value as Query[string];
  }
  let url: string;
  try {
    url = endpointPath(endpoint, path);
  } catch (err) {
    if (err instanceof ApiError) return toErrorResponse(err);
    throw err;
  }
  return Object.keys(query).length || endpoint.query ? call(url, query) : call(url);
}
