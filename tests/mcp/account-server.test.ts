// The account-scoped MCP server (/v1/mcp) over real HTTP and a real store, driven by the SDK's own client: every tool
// against the content API's answer for the same request, the consolidation result, and the key, project and quota
// checks in /v1's order, counted in /v1's buckets.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, openTestStore, type TestStore } from '../content/helpers.ts';
import { updateArticleState } from '../../src/store/repos/articles.ts';
import { endpointsOf } from '../../src/model/endpoints/registry.ts';
import { FAILED_AUTH_LIMIT } from '../../src/model/config.ts';
import { callTool, connect, http, rpc, serveOrigin, textOf, type Origin } from './helpers.ts';

let t: TestStore;
let o: Origin;
let f: Awaited<ReturnType<typeof fixture>>;
let other: Awaited<ReturnType<typeof fixture>>;
let client: Client;
/** Every answer the tests saw, to look for the key in. */
const seen: string[] = [];
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

beforeAll(async () => {
  t = await openTestStore();
  f = await fixture(t.store, 5);
  other = await fixture(t.store, 1);
  o = await serveOrigin({ sql: t.store.sql });
  client = await connect(`${o.base}/v1/mcp`, bearer(f.key));
});
afterAll(async () => {
  await client?.close();
  await o?.close();
  await t?.close();
});

async function call(name: string, args: Record<string, unknown> = {}, c = client) {
  const r = await callTool(c, name, args);
  seen.push(JSON.stringify(r));
  return r;
}
const api = async (path: string, key = f.key) => {
  const h = await http(`${o.base}${path}`, { headers: bearer(key) });
  seen.push(h.text);
  return h;
};
async function expectSameAs(result: Awaited<ReturnType<typeof callTool>>, path: string, key = f.key) {
  const h = await api(path, key);
  expect(textOf(result)).toBe(h.text.trimEnd());
  expect(result.structuredContent).toEqual(h.body);
  expect(Boolean(result.isError)).toBe(h.status >= 400);
  return h;
}

describe('tools', () => {
  it("lists one described, read-only tool per content endpoint that declares one, in the registry's order; listing them calls nothing", async () => {
    const { tools } = await client.listTools();
    const declared = endpointsOf('content').flatMap((e) => (e.tool ? [e.tool.name] : []));
    expect(declared.slice(0, 4)).toEqual(['list_projects', 'list_articles', 'get_article', 'sync']);
    expect(tools.map((x) => x.name)).toEqual(declared);
    for (const x of tools) {
      expect(x.description!.length, x.name).toBeGreaterThan(100);
      expect(x.annotations?.readOnlyHint).toBe(true);
      for (const [name, p] of Object.entries(x.inputSchema.properties ?? {}))
        expect((p as { description?: string }).description, `${x.name}.${name}`).toBeTruthy();
    }
    expect((await client.listTools()).tools).toHaveLength(declared.length);
  });

  it('list_projects, list_articles and sync answer as GET /v1/projects, /v1/articles and /v1/sync', async () => {
    await expectSameAs(await call('list_projects'), '/v1/projects');
    await expectSameAs(await call('list_articles', { projectId: f.on }), `/v1/articles?projectId=${f.on}`);
    await expectSameAs(
      await call('list_articles', { projectId: f.on, page: 2, limit: 2, sort: 'title', order: 'asc' }),
      `/v1/articles?projectId=${f.on}&page=2&limit=2&sort=title&order=asc`,
    );
    await expectSameAs(
      await call('list_articles', { projectId: f.on, updatedSince: '2000-01-01T00:00:00Z', limit: 500 }),
      `/v1/articles?projectId=${f.on}&updatedSince=2000-01-01T00:00:00Z&limit=500`,
    );
    const first = await call('sync', { projectId: f.on, limit: 2 });
    const h = await expectSameAs(first, `/v1/sync?projectId=${f.on}&limit=2`);
    expect(h.body.data.items[0].article.content_html).toBeTruthy();
    const next = await call('sync', { projectId: f.on, cursor: h.body.data.next_cursor, fields: 'card' });
    await expectSameAs(next, `/v1/sync?projectId=${f.on}&cursor=${encodeURIComponent(h.body.data.next_cursor)}&fields=card`);
  });

  it('get_article answers as GET /v1/articles/{slug}, with what the site should do: render, redirect or gone', async () => {
    const [plain, hidden, moved, temp, gone] = f.slugs as [string, string, string, string, string];
    await updateArticleState(t.store.sql, f.on, hidden, { noindex: true });
    await updateArticleState(t.store.sql, f.on, moved, { redirect_to: 'https://on.example/blog/post-000', redirect_type: 'permanent' });
    await updateArticleState(t.store.sql, f.on, temp, { redirect_to: '/blog/post-001/', redirect_type: 'temporary' });
    await updateArticleState(t.store.sql, f.on, gone, { unpublished: true });
    const cases = [
      [plain, { action: 'render', status: 200, noindex: false }],
      [hidden, { action: 'render', status: 200, noindex: true }],
      [moved, { action: 'redirect', status: 301, location: 'https://on.example/blog/post-000' }],
      [temp, { action: 'redirect', status: 302, location: '/blog/post-001/' }],
      [gone, { action: 'gone', status: 404 }],
      ['never-published', { action: 'gone', status: 404 }],
    ] as const;
    for (const [slug, consolidation] of cases) {
      const r = await call('get_article', { projectId: f.on, slug });
      const h = await api(`/v1/articles/${slug}?projectId=${f.on}`);
      expect(r.structuredContent, slug).toEqual({ consolidation, ...h.body });
      expect(JSON.parse(textOf(r)), slug).toEqual(r.structuredContent);
      // Gone is the API's 404, so a tool error (issue 47), that still says what the site does (render its 404).
      expect(Boolean(r.isError), slug).toBe(consolidation.action === 'gone');
    }
  });
});

describe("errors, in /v1's order", () => {
  it('a request without a key is refused at the HTTP level, 401 with WWW-Authenticate, as on /v1', async () => {
    const err = await connect(`${o.base}/v1/mcp`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StreamableHTTPError);
    expect((err as StreamableHTTPError).code).toBe(401);
    const res = await rpc(`${o.base}/v1/mcp`, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const v1 = await http(`${o.base}/v1/projects`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(v1.body);
    expect(res.headers.get('www-authenticate')).toBe(v1.headers.get('www-authenticate'));
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('50.4: every message needs a valid key: a malformed or unknown one is 401 as /v1 answers it, initialize and ping included', async () => {
    for (const key of ['nope', `sk_live_${'a'.repeat(43)}`]) {
      const err = await connect(`${o.base}/v1/mcp`, bearer(key)).catch((e: unknown) => e);
      expect(err, key).toBeInstanceOf(StreamableHTTPError);
      expect((err as StreamableHTTPError).code, key).toBe(401);
      for (const method of ['tools/list', 'ping']) {
        const res = await rpc(`${o.base}/v1/mcp`, { jsonrpc: '2.0', id: 1, method }, bearer(key));
        const v1 = await http(`${o.base}/v1/projects`, { headers: bearer(key) });
        expect([res.status, v1.status], method).toEqual([401, 401]);
        expect(res.body, method).toEqual(v1.body);
        expect(res.headers.get('www-authenticate'), method).toBe(v1.headers.get('www-authenticate'));
      }
    }
  });

  it('X-Api-Key works as Authorization does', async () => {
    const c = await connect(`${o.base}/v1/mcp`, { 'x-api-key': f.key });
    expect((await call('list_projects', {}, c)).structuredContent).toEqual((await api('/v1/projects')).body);
    await c.close();
  });

  it('50.10: Authorization, when present, decides, as on /v1: Basic beside a valid X-Api-Key is 401, never a fallback', async () => {
    const basic = { authorization: 'Basic eDp5', 'x-api-key': f.key };
    const err = await connect(`${o.base}/v1/mcp`, basic).catch((e: unknown) => e);
    expect((err as StreamableHTTPError).code).toBe(401);
    const res = await rpc(`${o.base}/v1/mcp`, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, basic);
    const v1 = await http(`${o.base}/v1/projects`, { headers: basic });
    expect([res.status, v1.status]).toEqual([401, 401]);
    expect(res.body).toEqual(v1.body);
    // A Bearer key decides over another X-Api-Key, for the messages and for the tool calls they make.
    const c = await connect(`${o.base}/v1/mcp`, { ...bearer(f.key), 'x-api-key': other.key });
    expect((await call('list_projects', {}, c)).structuredContent).toEqual((await api('/v1/projects')).body);
    await c.close();
  });

  it("another account's project looks missing (404 before 403); a switched-off project is 403", async () => {
    for (const [tool, args] of [
      ['list_articles', {}],
      ['get_article', { slug: other.slugs[0] }],
      ['sync', {}],
    ] as const) {
      const r = await call(tool, { projectId: other.on, ...args });
      expect(r.structuredContent, tool).toEqual({ code: 'project_not_found', message: 'No such project on this account.' });
      expect((await call(tool, { projectId: other.off, ...args })).structuredContent, tool).toMatchObject({ code: 'project_not_found' });
      expect((await call(tool, { projectId: f.off, ...args })).structuredContent, tool).toMatchObject({ code: 'project_api_disabled' });
    }
    await expectSameAs(
      await call('get_article', { projectId: other.on, slug: other.slugs[0] }),
      `/v1/articles/${other.slugs[0]}?projectId=${other.on}`,
    );
  });

  it('values the API refuses are its 400s; wrong types are refused before any request', async () => {
    await expectSameAs(await call('list_articles', { projectId: f.on, limit: 0 }), `/v1/articles?projectId=${f.on}&limit=0`);
    await expectSameAs(
      await call('list_articles', { projectId: f.on, updatedSince: 'yesterday' }),
      `/v1/articles?projectId=${f.on}&updatedSince=yesterday`,
    );
    await expectSameAs(await call('sync', { projectId: f.on, cursor: 'forged' }), `/v1/sync?projectId=${f.on}&cursor=forged`);
    await expectSameAs(await call('list_articles', { projectId: ' ' }), '/v1/articles?projectId=%20');
    for (const [name, args] of [
      ['list_articles', {}],
      ['list_articles', { projectId: f.on, sort: 'random' }],
      ['get_article', { projectId: f.on }],
      ['sync', { projectId: 1 }],
    ] as const) {
      const r = await call(name, args);
      expect(r.isError, name).toBe(true);
      expect(textOf(r), name).toMatch(/^MCP error -32602: Input validation error/);
    }
  });

  it('never echoes the key', () => {
    expect(seen.length).toBeGreaterThan(20);
    for (const text of seen) expect(text).not.toContain(f.key);
  });
});

describe('quotas: the same buckets as /v1, shared with it', () => {
  let limited: Origin;
  beforeAll(async () => {
    limited = await serveOrigin({ sql: t.store.sql, content: { limits: { list: { hour: 3, day: 100 }, detail: { hour: 2, day: 100 } } } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('counts list tools as list requests and get_article as a detail request; only calls count; 429 before the project check', async () => {
    const acc = await fixture(t.store, 1);
    // Connecting and listing tools is free: the key is looked up on every message, counting nothing.
    const c = await connect(`${limited.base}/v1/mcp`, bearer(acc.key));
    for (let i = 0; i < 5; i++) await c.listTools();
    await (await connect(`${limited.base}/v1/mcp`, bearer(acc.key))).close();
    expect((await callTool(c, 'list_projects')).isError).toBeFalsy();
    // The same quota as /v1 itself: the second and third list requests of the hour are HTTP ones.
    for (let i = 0; i < 2; i++) expect((await http(`${limited.base}/v1/projects`, { headers: bearer(acc.key) })).status).toBe(200);
    const over = await callTool(c, 'sync', { projectId: acc.on });
    expect(over.isError).toBe(true);
    expect(over.structuredContent).toEqual({
      code: 'rate_limited',
      message: expect.stringMatching(/^Rate limit exceeded for list requests; retry in \d+ s\.$/),
    });
    // Rate limit before the project: another account's project is not looked at.
    expect((await callTool(c, 'list_articles', { projectId: other.on })).structuredContent).toMatchObject({ code: 'rate_limited' });
    // The detail bucket is apart.
    for (let i = 0; i < 2; i++)
      expect((await callTool(c, 'get_article', { projectId: acc.on, slug: acc.slugs[0] })).structuredContent, String(i)).toMatchObject({
        consolidation: { action: 'render' },
      });
    expect((await callTool(c, 'get_article', { projectId: acc.on, slug: acc.slugs[0] })).structuredContent).toEqual({
      code: 'rate_limited',
      message: expect.stringMatching(/^Rate limit exceeded for detail requests; retry in \d+ s\.$/),
    });
    const v1 = await http(`${limited.base}/v1/articles/${acc.slugs[0]}?projectId=${acc.on}`, { headers: bearer(acc.key) });
    expect(v1.status).toBe(429);
    await c.close();
  });

  it('failed authentications count per address as on /v1: past the limit junk waits, and a key seen valid is still answered', async () => {
    const acc = await fixture(t.store, 0);
    const good = await connect(`${limited.base}/v1/mcp`, bearer(acc.key));
    const junk = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    for (let i = 0; i < 20; i++) expect((await rpc(`${limited.base}/v1/mcp`, junk, bearer('sk_live_wrong'))).status).toBe(401);
    const refused = await rpc(`${limited.base}/v1/mcp`, junk, bearer('sk_live_wrong'));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many failed authentications from this address; retry in \d+ s\.$/),
    });
    expect((await callTool(good, 'list_projects')).isError).toBeFalsy();
    expect((await http(`${limited.base}/v1/projects`, { headers: bearer(acc.key) })).status).toBe(200);
    expect((await http(`${limited.base}/v1/projects`, { headers: bearer('sk_live_wrong') })).status).toBe(429);
    await good.close();
  });
});

describe('50.4: the per-address limit on failed authentications, at the default limits', () => {
  it('64 messages with `Bearer junk` (initialize, tools/list, ping): the first 20 are 401, the rest 429, shared with /v1', async () => {
    const fresh = await serveOrigin({ sql: t.store.sql });
    try {
      const acc = await fixture(t.store, 0);
      const good = await connect(`${fresh.base}/v1/mcp`, bearer(acc.key));
      const messages = [
        { method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '1' } } },
        { method: 'tools/list' },
        { method: 'ping' },
      ];
      const answers = [];
      for (let i = 0; i < 64; i++)
        answers.push(await rpc(`${fresh.base}/v1/mcp`, { jsonrpc: '2.0', id: i, ...messages[i % 3] }, bearer('junk')));
      const limit = FAILED_AUTH_LIMIT.windowLimit;
      expect(answers.map((a) => a.status)).toEqual([...Array(limit).fill(401), ...Array(64 - limit).fill(429)]);
      expect(answers[0]!.body).toMatchObject({ code: 'unauthorized' });
      expect(answers.at(-1)!.body).toMatchObject({ code: 'rate_limited' });
      expect(Number(answers.at(-1)!.headers.get('retry-after'))).toBeGreaterThan(0);
      // One limit for the address, whichever surface failed.
      expect((await http(`${fresh.base}/v1/projects`, { headers: bearer('junk') })).status).toBe(429);
      // A key this process has seen valid still works from the same address.
      expect((await callTool(good, 'list_projects')).isError).toBeFalsy();
      await good.close();
    } finally {
      await fresh.close();
    }
  });
});
