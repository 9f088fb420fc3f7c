// A tool call is a request of the HTTP API, made through the one pipeline, so it gets the same validation, limits,
// quotas, errors and bytes as the same request over HTTP. Its answer becomes the tool's result: the JSON body as
// the text content and as structured content; an error status becomes a tool error (isError) carrying the same
// `{code, message}`. An error the MCP layer finds itself is an ApiError turned into the same shape.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toErrorResponse } from '../http/respond.ts';
import { nextTurn } from './concurrency-limit.ts';

export type Query = Record<string, string | number | boolean | undefined>;

/** `path` with the query's defined values, on `origin`. */
export function apiUrl(origin: string, path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return `${origin}${path}${search ? `?${search}` : ''}`;
}

/** The HTTP answer as a tool result: the body as it was sent (less its final newline), parsed as structured content. */
export async function resultOf(res: Response, extra: Record<string, unknown> = {}): Promise<CallToolResult> {
  const text = (await res.text()).trimEnd();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const structured =
    body && typeof body === 'object' && !Array.isArray(body) ? { ...extra, ...(body as Record<string, unknown>) } : undefined;
  return {
    ...(res.ok ? {} : { isError: true }),
    content: [{ type: 'text', text: structured && Object.keys(extra).length ? JSON.stringify(structured) : text }],
    ...(structured ? { structuredContent: structured } : {}),
  };
}

/**
 * A tool's handler: what it returns (an HTTP answer or a result) as a tool result; what it throws (an ApiError, or
 * anything else: logged, answered `internal` without internals) as a tool error, through the API's one error mapper.
 * The call, and the reading of its answer, each start on a turn of their own (concurrency-limit.ts: `nextTurn`).
 */
export const toolHandler =
  <A>(run: (args: A) => Promise<Response | CallToolResult>) =>
  async (args: A): Promise<CallToolResult> => {
    try {
      await nextTurn();
      const out = await run(args);
      await nextTurn();
      return out instanceof Response ? await resultOf(out) : out;
    } catch (err) {
      return resultOf(toErrorResponse(err));
    }
  };

/** Every tool of both servers only reads. */
export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
