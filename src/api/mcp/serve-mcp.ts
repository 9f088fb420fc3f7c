// One MCP request, one answer: a server built for this request, on the SDK's web-standard Streamable HTTP transport
// in stateless mode (no session id) answering JSON rather than an SSE stream, so it fits a function and the one
// pipeline. The transport does the protocol's checks (JSON-RPC shape, batch size, protocol version, body size);
// what it refuses at the HTTP level becomes the API's own `{code, message}` error, as everywhere else on the site.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ApiError } from '../http/api-error.ts';

/** The largest request body: tool arguments are a few short strings; the SDK's default is 4 MiB. */
export const MCP_BODY_LIMIT = 64 * 1024;

/**
 * The answer is JSON whatever the request says, as everywhere in the API, so Accept and Content-Type are not
 * negotiated: the transport is given the values it insists on (a client that sends neither, curl say, is served).
 * Nothing rides on Content-Type here: no cookie authenticates, so a cross-site form post gains nothing.
 */
function asMcpRequest(req: Request): Request {
  const headers = new Headers(req.headers);
  headers.set('accept', 'application/json, text/event-stream');
  headers.set('content-type', 'application/json');
  return new Request(req, { headers });
}

/** The transport's HTTP-level refusal (a JSON-RPC error without an id) as the API's error. */
async function refusal(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => undefined)) as { error?: { message?: unknown } } | undefined;
  const reason = typeof body?.error?.message === 'string' ? body.error.message : `HTTP ${res.status}`;
  if (res.status === 413) return new ApiError(413, 'payload_too_large', `The request body is larger than ${MCP_BODY_LIMIT / 1024} KB.`);
  return new ApiError(400, 'invalid_body', `Not a valid MCP request: ${reason}.`);
}

export async function serveMcp(server: McpServer, req: Request): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MCP_BODY_LIMIT,
  });
  await server.connect(transport);
  try {
    const res = await transport.handleRequest(asMcpRequest(req));
    if (res.status >= 400) throw await refusal(res);
    return res;
  } finally {
    await server.close();
  }
}
