// An endpoint offered as an MCP tool (its `tool` facts in its declaration; the account server's tools and the site
// server's that are one endpoint each, such as search): the tool's arguments are the endpoint's query and path parameters, each
// typed, described and bounded from the endpoint's own schemas (query-facts.ts), and a call is the endpoint's HTTP
// request. Nothing about a tool's parameters is written twice.
import type * as z from 'zod';
import type { Endpoint } from '../../../model/endpoints/endpoint.ts';
import { ApiError } from '../http/api-error.ts';
import { toErrorResponse } from '../http/respond.ts';
import { endpointPath } from './endpoint-path.ts';
import { paramArg } from './query-facts.ts';
import type { Query } from './tool-result.ts';

type Args = Record<string, unknown>;

/**
 * The tool's input schema: every query parameter, then every path parameter, each an argument as `paramArg` makes it
 * from the parameter's schema, worded as the endpoint's `tool.args` says when it does.
 */
export function toolInput(endpoint: Endpoint): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const params of [endpoint.query, endpoint.path])
    for (const key of params?.keys ?? []) shape[key] = paramArg(params!, key, endpoint.tool?.args?.[key]);
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
