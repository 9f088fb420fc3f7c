// JSON-RPC batches (an array of messages in one request) exist in one protocol version only: 2025-03-26 added them
// and 2025-06-18 removed them, and 2025-11-25 (the SDK's latest) has none. A stateless server knows a request's
// version by its MCP-Protocol-Version header; without one it is 2025-03-26 (the transport spec's rule, the SDK's
// DEFAULT_NEGOTIATED_PROTOCOL_VERSION). So a batch is taken only under 2025-03-26, and of at most MCP_BATCH_LIMIT
// messages: the SDK's own cap is 100, which let 13.5 KB in ask for 52 MB out.
import { DEFAULT_NEGOTIATED_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';

/** The protocol version that has batches. */
export const BATCH_VERSION = '2025-03-26';
/** The most messages one batch may hold. */
export const MCP_BATCH_LIMIT = 4;

/** Why this body is a batch the server will not run, or undefined (not a batch, or one it runs). */
export function checkBatch(body: unknown, versionHeader: string | null): string | undefined {
  if (!Array.isArray(body)) return undefined;
  const version = versionHeader ?? DEFAULT_NEGOTIATED_PROTOCOL_VERSION;
  // An unknown version is the transport's to refuse, batch or not.
  if (version !== BATCH_VERSION && SUPPORTED_PROTOCOL_VERSIONS.includes(version))
    return `protocol version ${version} has no JSON-RPC batches (MCP removed them in 2025-06-18); send one message per request`;
  if (body.length === 0) return 'the batch is empty';
  if (body.length > MCP_BATCH_LIMIT)
    return `a batch holds at most ${MCP_BATCH_LIMIT} messages, this one ${body.length}; send the rest in further requests`;
  return undefined;
}
