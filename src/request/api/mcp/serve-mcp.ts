// One MCP request, one answer: a server built for this request, on the SDK's web-standard Streamable HTTP transport
// in stateless mode (no session id) answering JSON rather than an SSE stream, so it fits a function and the one
// pipeline. The body is read here, at most MCP_BODY_LIMIT, so a batch is judged before any of it runs (batch.ts);
// the transport does the protocol's other checks (JSON-RPC shape, protocol version), and what it refuses at the
// HTTP level becomes the API's own `{code, message}` error, as everywhere else on the site. The answer is bounded
// too (answer-limit.ts).
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { readRequestBody } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ApiError } from '../http/api-error.ts';
import { limitAnswer } from './answer-limit.ts';
import { checkBatch } from './batch.ts';
import type { ConcurrencyLimit } from './concurrency-limit.ts';

/** The largest request body: tool arguments are a few short strings; the SDK's default is 4 MiB. */
export const MCP_BODY_LIMIT = 64 * 1024;

const tooLarge = () => new ApiError(413, 'payload_too_large', `The request body is larger than ${MCP_BODY_LIMIT / 1024} KB.`);
const invalid = (reason: string) => new ApiError(400, 'invalid_body', `Not a valid MCP request: ${reason}.`);

/**
 * The answer is JSON whatever the request says, as everywhere in the API, so Accept and Content-Type are not
 * negotiated: the transport is given the values it insists on (a client that sends neither, curl say, is served).
 * Nothing rides on Content-Type here: no cookie authenticates, so a cross-site form post gains nothing. The body
 * has been read already: the transport is handed it parsed.
 */
function asMcpRequest(req: Request): Request {
  const headers = new Headers(req.headers);
  headers.set('accept', 'application/json, text/event-stream');
  headers.set('content-type', 'application/json');
  return new Request(req.url, { method: req.method, headers });
}

/** The body as JSON, at most MCP_BODY_LIMIT bytes (a declared Content-Length over it is refused unread). */
async function readBody(req: Request): Promise<unknown> {
  const body = await readRequestBody(req, MCP_BODY_LIMIT).catch(() => {
    throw new ApiError(400, 'invalid_body', 'The request body could not be read: the connection closed.');
  });
  if (body.tooLarge) throw tooLarge();
  try {
    return JSON.parse(body.text);
  } catch {
    throw invalid('Parse error: Invalid JSON');
  }
}

/** The transport's HTTP-level refusal (a JSON-RPC error without an id) as the API's error. */
async function refusal(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => undefined)) as { error?: { message?: unknown } } | undefined;
  if (res.status === 413) return tooLarge();
  return invalid(typeof body?.error?.message === 'string' ? body.error.message : `HTTP ${res.status}`);
}

/**
 * Reads and checks the request, then builds the server (`build`) and answers through it when `concurrency` gives it its turn
 * (concurrency-limit.ts): a request refused for its body costs neither a server nor a turn.
 */
export async function serveMcp(build: () => McpServer, req: Request, concurrency: ConcurrencyLimit): Promise<Response> {
  const parsedBody = await readBody(req);
  const batchProblem = checkBatch(parsedBody, req.headers.get('mcp-protocol-version'));
  if (batchProblem) throw invalid(batchProblem);
  return concurrency(() => answer(build(), req, parsedBody));
}

async function answer(server: McpServer, req: Request, parsedBody: unknown): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MCP_BODY_LIMIT,
  });
  await server.connect(transport);
  limitAnswer(transport);
  try {
    const res = await transport.handleRequest(asMcpRequest(req), { parsedBody });
    if (res.status >= 400) throw await refusal(res);
    return res;
  } finally {
    await server.close();
  }
}
