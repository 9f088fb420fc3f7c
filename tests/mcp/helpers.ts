// The MCP servers over real HTTP: the local origin (`npm start`'s handler stack) over the build of this test run and,
// for the account server, a real store; the SDK's own client on the other end.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Sql } from 'postgres';
import { builtSite } from '../helpers/built-site.ts';
import { createLocalOrigin, type LocalOriginOptions } from '../../origin/local-origin.ts';
import { readConfig } from '../../src/model/config.ts';
import { listen } from '../../origin/serve.ts';

export interface Origin {
  /** Where the origin listens (loopback). */
  base: string;
  /** The SITE_URL the build is for. */
  siteUrl: string;
  distDir: string;
  close(): Promise<void>;
}

/** For the tests that are not about the per-address limit: they make more calls in a minute than it allows. */
export const NO_MCP_LIMIT = { windowLimit: 1_000_000, windowSize: 60 };

export async function serveOrigin(
  opts: { sql?: Sql; content?: LocalOriginOptions['content']; mcpRateLimit?: LocalOriginOptions['mcpRateLimit'] } = {},
): Promise<Origin> {
  const { distDir, siteUrl } = await builtSite();
  const { handler } = createLocalOrigin({
    distDir,
    config: readConfig(),
    sql: opts.sql,
    content: opts.content,
    mcpRateLimit: opts.mcpRateLimit ?? NO_MCP_LIMIT,
  });
  const server = await listen(handler, 0, '127.0.0.1');
  return { base: `http://127.0.0.1:${server.port}`, siteUrl, distDir, close: server.close };
}

/** The SDK's client over Streamable HTTP, connected (initialize done). */
export async function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'skribra-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

export const callTool = (client: Client, name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

/** The text of a result's first content block. */
export const textOf = (r: CallToolResult): string => (r.content[0] as { text: string }).text;

export async function http(url: string, init: RequestInit = {}) {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body };
}

/** One JSON-RPC message POSTed as a client would, without the SDK. */
export const rpc = (url: string, message: unknown, headers: Record<string, string> = {}) =>
  http(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      ...headers,
    },
    body: JSON.stringify(message),
  });
