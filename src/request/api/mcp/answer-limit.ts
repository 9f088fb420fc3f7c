// The most one MCP answer holds. A function's answer may not pass 6 MB on Netlify (work spent on a larger one is
// thrown away), and an anonymous caller should not make the origin hold tens of megabytes for it. Each response is
// weighed as the transport is handed it, before it joins the answer: one that would take the answer past the limit
// is replaced by an error, so the answer never grows past it and nothing larger than one response is ever built.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, isJSONRPCRequest, isJSONRPCResultResponse, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../http/api-error.ts';
import { toErrorResponse } from '../http/respond.ts';
import { jsonSize } from './json-size.ts';
import { resultOf } from './tool-result.ts';

/** Bytes of one answer (a response, or a batch's responses together): half of Netlify's 6 MB function limit. */
export const MCP_ANSWER_LIMIT = 3 * 1024 * 1024;
/** Room kept for the errors that stand in for refused responses (a few hundred bytes each) and the batch's brackets. */
const RESERVE = 4 * 1024;

export const answerTooLarge = (limit = MCP_ANSWER_LIMIT) =>
  new ApiError(
    413,
    'payload_too_large',
    `The answer would be larger than ${limit / 1024 / 1024} MB, the most one MCP answer holds; ask for less at a time (a smaller limit, full=false, one call per request).`,
  );

/** What stands in for a response past the limit: a tool error for a tool call, a JSON-RPC error for anything else. */
async function refused(id: string | number, method: string | undefined, limit: number): Promise<JSONRPCMessage> {
  const err = answerTooLarge(limit);
  if (method === 'tools/call') return { jsonrpc: '2.0', id, result: await resultOf(toErrorResponse(err)) };
  return { jsonrpc: '2.0', id, error: { code: ErrorCode.InvalidRequest, message: err.message, data: { code: err.code } } };
}

/** Bounds what `transport` answers to `limit` bytes. Call it once the server is connected (it wraps the server's handler). */
export function limitAnswer(transport: Transport, limit = MCP_ANSWER_LIMIT): void {
  const methods = new Map<string | number, string>();
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if (isJSONRPCRequest(message)) methods.set(message.id, message.method);
    deliver?.(message, extra);
  };
  const send = transport.send.bind(transport);
  let used = 0;
  transport.send = async (message, options) => {
    if (isJSONRPCResultResponse(message)) {
      // +1: the comma between a batch's responses.
      const size = jsonSize(message) + 1;
      if (used + size > limit - RESERVE) return send(await refused(message.id, methods.get(message.id), limit), options);
      used += size;
    }
    return send(message, options);
  };
}
