// What one anonymous request may cost (issue 41): JSON-RPC batches only where the protocol has them (2025-03-26)
// and of at most MCP_BATCH_LIMIT messages, one answer at most MCP_ANSWER_LIMIT bytes (a response past it a clear
// error, never a larger answer), and MCP_RATE_LIMIT requests a minute per address on the local origin, as the
// Netlify function's `rateLimit` says. Over real HTTP against the local origin, and serveMcp itself for the cap.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { MCP_ANSWER_LIMIT } from '../../src/request/api/mcp/answer-limit.ts';
import { MCP_BATCH_LIMIT } from '../../src/request/api/mcp/batch.ts';
import { createConcurrencyLimit } from '../../src/request/api/mcp/concurrency-limit.ts';
import { serveMcp } from '../../src/request/api/mcp/serve-mcp.ts';
import { MCP_RATE_LIMIT } from '../../src/model/config.ts';
import { CLIENT_ADDRESS } from '../../src/request/api/http/client-address.ts';
import { http, serveOrigin, type Origin } from './helpers.ts';

let o: Origin;
beforeAll(async () => {
  o = await serveOrigin();
});
afterAll(async () => {
  await o?.close();
});

/** The probe: `list` of whole glossary terms, 100 at a time, `count` times in one batch. */
const glossaryBatch = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    jsonrpc: '2.0',
    id: i,
    method: 'tools/call',
    params: { name: 'list', arguments: { collection: 'glossary', full: true, limit: 100 } },
  }));

/** POSTs as curl would (the command): no MCP-Protocol-Version unless given. */
const post = (body: unknown, headers: Record<string, string> = {}) =>
  http(`${o.base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });

describe('batches', () => {
  it("refuses the issue's 100-call batch at once: a 400 of a few hundred bytes, not 52 MB", async () => {
    const res = await post(glossaryBatch(100));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'invalid_body',
      message: `Not a valid MCP request: a batch holds at most ${MCP_BATCH_LIMIT} messages, this one 100; send the rest in further requests.`,
    });
    expect(res.text.length).toBeLessThan(300);
  });

  it('refuses any batch under the protocol versions that have none (2025-06-18 removed them; 2025-11-25, 2024-11-05)', async () => {
    for (const version of ['2025-06-18', '2025-11-25', '2024-11-05']) {
      const res = await post(glossaryBatch(2), { 'mcp-protocol-version': version });
      expect(res.status, version).toBe(400);
      expect(res.body, version).toEqual({
        code: 'invalid_body',
        message: `Not a valid MCP request: protocol version ${version} has no JSON-RPC batches (MCP removed them in 2025-06-18); send one message per request.`,
      });
    }
  });

  it(`runs a 2025-03-26 batch of up to ${MCP_BATCH_LIMIT} messages (the version a request without the header is), each answered as alone`, async () => {
    const single = await post(glossaryBatch(1)[0], { 'mcp-protocol-version': '2025-03-26' });
    expect(single.status).toBe(200);
    for (const headers of [{}, { 'mcp-protocol-version': '2025-03-26' }] as Record<string, string>[]) {
      const res = await post(glossaryBatch(MCP_BATCH_LIMIT), headers);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(MCP_BATCH_LIMIT);
      for (const [i, answer] of (res.body as { id: number; result: unknown }[]).entries()) {
        expect(answer.id).toBe(i);
        expect(answer.result).toEqual(single.body.result);
      }
      expect(Buffer.byteLength(res.text)).toBeLessThan(MCP_ANSWER_LIMIT);
    }
  });

  it('refuses a batch one message over the limit, and an empty one', async () => {
    const over = await post(glossaryBatch(MCP_BATCH_LIMIT + 1));
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(
      `Not a valid MCP request: a batch holds at most ${MCP_BATCH_LIMIT} messages, this one ${MCP_BATCH_LIMIT + 1}; send the rest in further requests.`,
    );
    const empty = await post([]);
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ code: 'invalid_body', message: 'Not a valid MCP request: the batch is empty.' });
  });
});

describe('the answer limit', () => {
  const MB = 1024 * 1024;
  /** A server whose tool and resource answer `mb` megabytes of text: sizes the site's own content cannot reach. */
  function bigServer() {
    const server = new McpServer({ name: 'big', version: '1.0.0' });
    server.registerTool('big', { inputSchema: { mb: z.number() } }, ({ mb }) => ({
      content: [{ type: 'text', text: 'x'.repeat(mb * MB) }],
    }));
    server.registerResource('big', 'test://big', {}, (uri) => ({ contents: [{ uri: uri.href, text: 'x'.repeat(4 * MB) }] }));
    return server;
  }
  const call = (id: number, mb: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'big', arguments: { mb } } });
  const request = (body: unknown) =>
    new Request('http://localhost:4321/mcp', {
      method: 'POST',
      headers: { 'mcp-protocol-version': '2025-03-26' },
      body: JSON.stringify(body),
    });
  const message = `The answer would be larger than ${MCP_ANSWER_LIMIT / MB} MB, the most one MCP answer holds; ask for less at a time (a smaller limit, full=false, one call per request).`;
  const tooLarge = {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify({ code: 'payload_too_large', message }) }],
    structuredContent: { code: 'payload_too_large', message },
  };

  it(`is ${MCP_ANSWER_LIMIT / MB} MB, well under the 6 MB a Netlify function may answer`, () => {
    expect(MCP_ANSWER_LIMIT).toBeLessThanOrEqual(3 * MB);
  });

  it('answers the responses that fit; each one past the limit is a tool error naming it, so the answer stays under it', async () => {
    const res = await serveMcp(bigServer, request([call(1, 1), call(2, 1), call(3, 1), call(4, 1)]), createConcurrencyLimit());
    const text = await res.text();
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MCP_ANSWER_LIMIT);
    const answers = JSON.parse(text) as { id: number; result: { isError?: boolean } }[];
    expect(answers.map((a) => a.id).sort()).toEqual([1, 2, 3, 4]);
    expect(answers.filter((a) => !a.result.isError)).toHaveLength(2);
    for (const a of answers.filter((x) => x.result.isError)) expect(a.result).toEqual(tooLarge);
  });

  it('a single response past the limit is the same tool error; a resource read past it a JSON-RPC error', async () => {
    const one = await serveMcp(bigServer, request(call(7, 4)), createConcurrencyLimit());
    expect(await one.json()).toEqual({ jsonrpc: '2.0', id: 7, result: tooLarge });
    const read = await serveMcp(
      bigServer,
      request({ jsonrpc: '2.0', id: 8, method: 'resources/read', params: { uri: 'test://big' } }),
      createConcurrencyLimit(),
    );
    expect(await read.json()).toEqual({ jsonrpc: '2.0', id: 8, error: { code: -32600, message, data: { code: 'payload_too_large' } } });
  });
});

describe('the per-address limit', () => {
  let limited: Origin;
  beforeAll(async () => {
    limited = await serveOrigin({ mcpRateLimit: MCP_RATE_LIMIT });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it(`lets ${MCP_RATE_LIMIT.windowLimit} requests a minute through from one address, server cards included, then 429 with Retry-After`, async () => {
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const statuses: number[] = [];
    for (let i = 0; i < MCP_RATE_LIMIT.windowLimit; i++) {
      // What a client says about its address changes nothing: the socket's is the one counted.
      const claim = `198.51.100.${i}`;
      const headers = { 'content-type': 'application/json', 'x-forwarded-for': claim, [CLIENT_ADDRESS]: claim };
      const res =
        i % 10 === 0
          ? await http(`${limited.base}/.well-known/mcp/server-card`, { headers })
          : await http(`${limited.base}/mcp`, { method: 'POST', headers, body: JSON.stringify(list) });
      statuses.push(res.status);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const over = await http(`${limited.base}/mcp`, { method: 'POST', body: JSON.stringify(list) });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many MCP requests from this address; retry in \d+ s\.$/),
    });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.headers.get('access-control-allow-origin')).toBe('*');
    expect((await http(`${limited.base}/.well-known/mcp/server-card`)).status).toBe(429);
    // Only the MCP API is limited: the public API and the site answer as before.
    expect((await http(`${limited.base}/api/v1/health`)).status).toBe(200);
    expect((await http(`${limited.base}/llms.txt`)).status).toBe(200);
  });
});

describe('one MCP request at a time per process', () => {
  it('runs requests in turn, queues up to its length, and refuses one more with 503 and Retry-After', async () => {
    const concurrency = createConcurrencyLimit(1, 2);
    const log: string[] = [];
    const releases: (() => void)[] = [];
    const work = (name: string) => () =>
      new Promise<string>((resolve) => {
        log.push(`start ${name}`);
        releases.push(() => resolve(name));
      });
    const runs = [concurrency(work('a')), concurrency(work('b')), concurrency(work('c'))];
    await expect(concurrency(work('d'))).rejects.toMatchObject({
      status: 503,
      code: 'unavailable',
      message: 'The MCP server is busy with other requests; retry in a second.',
      headers: { 'retry-after': '1' },
    });
    /** A few turns of the event loop: each request starts on a turn of its own. */
    const turns = async () => {
      for (let k = 0; k < 3; k++) await new Promise((r) => setImmediate(r));
    };
    for (let i = 0; i < 3; i++) {
      await turns();
      expect(log).toEqual(['start a', 'start b', 'start c'].slice(0, i + 1));
      releases[i]!();
    }
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c']);
    // Free again: the next one starts at once.
    const e = concurrency(work('e'));
    await turns();
    expect(log.at(-1)).toBe('start e');
    releases[3]!();
    expect(await e).toBe('e');
  });

  it('answers 8 requests sent at once, each in its turn', async () => {
    const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const alone = await http(`${o.base}/mcp`, { method: 'POST', body: list });
    const answers = await Promise.all(Array.from({ length: 8 }, () => http(`${o.base}/mcp`, { method: 'POST', body: list })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    for (const a of answers) expect(a.body).toEqual(alone.body);
  });
});
