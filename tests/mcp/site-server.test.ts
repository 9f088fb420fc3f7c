// The public MCP server (/mcp) over real HTTP, driven by the SDK's own client: every tool, the resources, the errors,
// and the promise that each answer is the public API's (or the site's file) for the same question.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_SECURITY } from '../../src/model/core/security-headers.ts';
import { callTool, connect, http, rpc, serveOrigin, textOf, type Origin } from './helpers.ts';
import { endpointsOf } from '../../src/model/endpoints/registry.ts';

let o: Origin;
let client: Client;
let term: { slug: string; category: string };
beforeAll(async () => {
  o = await serveOrigin();
  client = await connect(`${o.base}/mcp`);
  term = (await http(`${o.base}/api/v1/glossary?limit=1`)).body.data.items[0];
});
afterAll(async () => {
  await client?.close();
  await o?.close();
});

const api = (path: string) => http(`${o.base}${path}`);
/** The tool's answer is the HTTP answer: the same bytes as text, the same JSON as structured content. */
async function expectSameAs(result: Awaited<ReturnType<typeof callTool>>, path: string) {
  const h = await api(path);
  expect(textOf(result)).toBe(h.text.trimEnd());
  expect(result.structuredContent).toEqual(h.body);
  expect(Boolean(result.isError)).toBe(h.status >= 400);
  return h;
}

describe('tools', () => {
  it('lists six tools, each described, read-only, with every argument described', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['search', 'search_text', 'get_page', 'get_glossary_term', 'list', 'compare']);
    for (const t of tools) {
      expect(t.description!.length, t.name).toBeGreaterThan(100);
      expect(t.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      for (const [name, p] of Object.entries(t.inputSchema.properties ?? {}))
        expect((p as { description?: string }).description, `${t.name}.${name}`).toBeTruthy();
    }
  });

  it('search answers as GET /api/v1/search, best match first', async () => {
    const r = await callTool(client, 'search', { q: 'canonical url', limit: 5 });
    const h = await expectSameAs(r, '/api/v1/search?q=canonical+url&limit=5');
    const scores = h.body.data.items.map((i: { score: number }) => i.score);
    expect(scores.length).toBeGreaterThan(0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // Caps are the API's: a limit past 100 is capped, not refused.
    await expectSameAs(await callTool(client, 'search', { q: 'seo', limit: 1000 }), '/api/v1/search?q=seo&limit=1000');
  });

  it('get_glossary_term answers as GET /api/v1/glossary/{slug}', async () => {
    await expectSameAs(await callTool(client, 'get_glossary_term', { slug: term.slug }), `/api/v1/glossary/${term.slug}`);
  });

  it('list pages through every collection as the API does, filters included', async () => {
    const paths = {
      pages: 'pages',
      glossary: 'glossary',
      'glossary-categories': 'glossary/categories',
      tools: 'tools',
      agents: 'agents',
      features: 'features',
      comparisons: 'comparisons',
    };
    for (const [collection, path] of Object.entries(paths)) {
      await expectSameAs(await callTool(client, 'list', { collection }), `/api/v1/${path}`);
      await expectSameAs(await callTool(client, 'list', { collection, page: 2, limit: 1 }), `/api/v1/${path}?page=2&limit=1`);
    }
    await expectSameAs(await callTool(client, 'list', { collection: 'pages', kind: 'doc', limit: 3 }), '/api/v1/pages?kind=doc&limit=3');
    await expectSameAs(
      await callTool(client, 'list', { collection: 'glossary', category: term.category, q: 'a', full: true, limit: 2 }),
      `/api/v1/glossary?category=${term.category}&q=a&full=true&limit=2`,
    );
  });

  it("compare finds a comparison by the competitor's name, in any case, or by slug", async () => {
    const [first] = (await api('/api/v1/comparisons')).body.data.items;
    for (const competitor of [first.competitor, first.competitor.toUpperCase(), ` ${first.competitor.toLowerCase()} `, first.slug]) {
      await expectSameAs(await callTool(client, 'compare', { competitor }), `/api/v1/comparisons/${first.slug}`);
    }
  });

  it('get_page reads any page as its markdown twin, by URL, path or .md URL', async () => {
    const { items } = (await api('/api/v1/pages?limit=200')).body.data;
    const pages = [
      items[0],
      items.find((p: { kind: string }) => p.kind === 'glossary'),
      items.find((p: { kind: string }) => p.kind === 'doc'),
    ];
    for (const p of pages) {
      const twin = await api(new URL(p.markdown_url).pathname);
      expect(twin.status).toBe(200);
      for (const url of [p.url, p.path, p.markdown_url, p.path.replace(/\/$/, '')]) {
        const r = await callTool(client, 'get_page', { url });
        expect(r.isError, url).toBeFalsy();
        expect(textOf(r), url).toBe(twin.text);
      }
    }
  });
});

describe('resources', () => {
  it('serves llms.txt, every page twin by the template, and the server card', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([`${o.siteUrl}/llms.txt`, 'mcp://server-card.json']);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([`${o.siteUrl}/{+path}.md`]);

    const llms = await client.readResource({ uri: `${o.siteUrl}/llms.txt` });
    expect(llms.contents[0]).toEqual({ uri: `${o.siteUrl}/llms.txt`, mimeType: 'text/plain', text: (await api('/llms.txt')).text });
    // Every link of llms.txt is a resource of the template.
    const links = [...(llms.contents[0] as { text: string }).text.matchAll(/\]\((\S+?\.md)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(20);
    for (const uri of [links[0]!, links.at(-1)!, `${o.siteUrl}/index.md`]) {
      const page = await client.readResource({ uri });
      expect(page.contents[0], uri).toEqual({ uri, mimeType: 'text/markdown', text: (await api(new URL(uri).pathname)).text });
    }
    const card = await client.readResource({ uri: 'mcp://server-card.json' });
    expect(JSON.parse((card.contents[0] as { text: string }).text)).toEqual((await api('/.well-known/mcp/server-card')).body);
  });

  it("answers a twin that does not exist with the SDK's not-found error", async () => {
    await expect(client.readResource({ uri: `${o.siteUrl}/glossary/no-such-term.md` })).rejects.toThrow(
      /-32602.*Resource .*no-such-term\.md not found/,
    );
    await expect(client.readResource({ uri: 'https://elsewhere.example/x.md' })).rejects.toThrow(/not found/);
  });
});

describe('errors', () => {
  it("a value the API refuses is a tool error with the API's code and message", async () => {
    await expectSameAs(await callTool(client, 'search', { q: 'a' }), '/api/v1/search?q=a');
    await expectSameAs(await callTool(client, 'search', { q: 'seo', limit: 0 }), '/api/v1/search?q=seo&limit=0');
    await expectSameAs(await callTool(client, 'search', { q: 'x'.repeat(201) }), `/api/v1/search?q=${'x'.repeat(201)}`);
    await expectSameAs(await callTool(client, 'list', { collection: 'glossary', limit: -1 }), '/api/v1/glossary?limit=-1');
    const r = await callTool(client, 'search', { q: ' a ' });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toEqual({
      code: 'invalid_query',
      message: expect.stringMatching(/^Query parameter "q" must be at least 2 characters/),
    });
  });

  it("a slug that names nothing is the API's 404", async () => {
    await expectSameAs(await callTool(client, 'get_glossary_term', { slug: 'no-such-term' }), '/api/v1/glossary/no-such-term');
    await expectSameAs(
      await callTool(client, 'get_glossary_term', { slug: '../tools' }),
      `/api/v1/glossary/${encodeURIComponent('../tools')}`,
    );
  });

  it('an argument of the wrong type, a missing one or an unknown enum value is refused before any request', async () => {
    for (const [name, args] of [
      ['search', { q: 5 }],
      ['search', {}],
      ['list', { collection: 'nope' }],
      ['list', { collection: 'pages', kind: 'nope' }],
      ['get_page', { url: 'x'.repeat(3000) }],
    ] as const) {
      const r = await callTool(client, name, args);
      expect(r.isError, name).toBe(true);
      expect(textOf(r), name).toMatch(/^MCP error -32602: Input validation error: Invalid arguments for tool /);
    }
  });

  it('a list filter of another collection, a page of another site and an unknown competitor are said plainly', async () => {
    expect((await callTool(client, 'list', { collection: 'tools', kind: 'doc' })).structuredContent).toEqual({
      code: 'invalid_query',
      message: 'Query parameter "kind" does not apply to the tools collection, only to pages.',
    });
    expect((await callTool(client, 'list', { collection: 'pages', full: true })).structuredContent).toEqual({
      code: 'invalid_query',
      message: 'Query parameter "full" does not apply to the pages collection, only to glossary.',
    });
    expect((await callTool(client, 'get_page', { url: 'https://elsewhere.example/glossary/' })).structuredContent).toEqual({
      code: 'invalid_query',
      message: `Query parameter "url" must be a page of ${o.siteUrl}.`,
    });
    for (const url of ['/no-such-page/', '/api/v1/glossary', '/v1/projects', '/mcp', '/glossary/%00/', '/llms.txt']) {
      const r = await callTool(client, 'get_page', { url });
      expect(r.structuredContent, url).toEqual({
        code: 'not_found',
        message: expect.stringMatching(/^No page at .*; find pages with search or list\.$/),
      });
    }
    const r = await callTool(client, 'compare', { competitor: 'Nobody Inc' });
    expect(r.structuredContent).toEqual({
      code: 'not_found',
      message: expect.stringMatching(/^No comparison with a competitor named "Nobody Inc"; the site compares Skribra with .+\.$/),
    });
  });
});

describe('over HTTP', () => {
  it("answers JSON with the API's security headers; a notification is 202", async () => {
    const res = await rpc(`${o.base}/mcp`, {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_glossary_term', arguments: { slug: term.slug } },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    for (const [name, value] of Object.entries(DATA_SECURITY)) expect(res.headers.get(name), name).toBe(value);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(res.body.result.structuredContent).toEqual((await api(`/api/v1/glossary/${term.slug}`)).body);
    const note = await rpc(`${o.base}/mcp`, { jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(note.status).toBe(202);
    expect(note.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves a client that sends no Accept or Content-Type (curl), and answers JSON whatever it asks', async () => {
    const res = await http(`${o.base}/mcp`, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }) });
    expect(res.status).toBe(200);
    expect(res.body.result.tools).toHaveLength(6);
  });

  it("refuses what is not MCP with the API's {code, message}: bad JSON, a non-message, a body too large", async () => {
    for (const body of ['{', '{}', 'null', '"tools/list"']) {
      const res = await http(`${o.base}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(res.status, body).toBe(400);
      expect(res.body, body).toEqual({ code: 'invalid_body', message: expect.stringMatching(/^Not a valid MCP request: /) });
      expect(res.headers.get('content-security-policy'), body).toBe(DATA_SECURITY['content-security-policy']);
    }
    const big = await http(`${o.base}/mcp`, {
      method: 'POST',
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search', arguments: { q: 'x'.repeat(70_000) } },
      }),
    });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ code: 'payload_too_large', message: 'The request body is larger than 64 KB.' });
  });

  it("GET is 405 with Allow (stateless: no stream to open); OPTIONS allows MCP's headers from any origin", async () => {
    const get = await api('/mcp');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    expect(get.body.code).toBe('method_not_allowed');
    const pre = await http(`${o.base}/mcp`, {
      method: 'OPTIONS',
      headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    expect(pre.headers.get('access-control-allow-headers')).toContain('Mcp-Protocol-Version');
    expect((await api('/mcp/nope')).body).toEqual({ code: 'not_found', message: expect.any(String) });
  });
});

describe('discovery', () => {
  it('serves SEP-2127 server cards for both servers, with the tools tools/list gives', async () => {
    const card = await api('/.well-known/mcp/server-card');
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(card.headers.get('access-control-allow-origin')).toBe('*');
    expect(card.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(card.body).toMatchObject({
      $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
      name: 'localhost/site',
      version: '1.0.0',
      remotes: [{ type: 'streamable-http', url: `${o.siteUrl}/mcp`, authentication: { required: false } }],
      websiteUrl: `${o.siteUrl}/docs/mcp/`,
    });
    expect(card.body.tools).toEqual((await client.listTools()).tools);
    expect(card.body.resources).toEqual((await client.listResources()).resources);
    expect(card.body.capabilities).toEqual(client.getServerCapabilities());

    const account = await api('/.well-known/mcp/server-card/account');
    expect(account.body).toMatchObject({
      name: 'localhost/account',
      remotes: [{ url: `${o.siteUrl}/v1/mcp`, authentication: { required: true, schemes: ['bearer'] } }],
    });
    // The account server's tools: one per content endpoint module that declares one.
    const accountTools = endpointsOf('content').flatMap((e) => (e.tool ? [e.tool.name] : []));
    expect(account.body.tools.map((t: { name: string }) => t.name)).toEqual(accountTools);
    expect(accountTools.slice(0, 4)).toEqual(['list_projects', 'list_articles', 'get_article', 'sync']);
    expect(JSON.stringify(account.body)).not.toMatch(/sk_/);
    expect((await api('/.well-known/mcp/server-card/nope')).status).toBe(404);
    expect((await http(`${o.base}/.well-known/mcp/server-card`, { method: 'POST' })).status).toBe(405);
  });

  it('names both servers in llms.txt, the api-catalog and the OpenAPI document; documents them at /docs/mcp/', async () => {
    const llms = (await api('/llms.txt')).text;
    expect(llms).toContain(`(${o.siteUrl}/mcp)`);
    expect(llms).toContain(`(${o.siteUrl}/v1/mcp)`);
    expect(llms).toContain(`(${o.siteUrl}/docs/mcp.md)`);
    const { linkset } = JSON.parse((await api('/.well-known/api-catalog')).text);
    for (const [path, card] of [
      ['/mcp', '/.well-known/mcp/server-card'],
      ['/v1/mcp', '/.well-known/mcp/server-card/account'],
    ]) {
      const entry = linkset.find((l: { anchor: string }) => l.anchor === `${o.siteUrl}${path}`);
      expect(entry['service-desc']).toEqual([{ href: `${o.siteUrl}${card}`, type: 'application/json' }]);
      expect(entry['service-doc'][0]).toEqual({ href: `${o.siteUrl}/docs/mcp/`, type: 'text/html' });
      expect(linkset.at(-1).item).toContainEqual({ href: `${o.siteUrl}${path}` });
    }
    const doc = (await api('/openapi.json')).body;
    expect(doc['x-mcp'].map((m: { url: string }) => m.url)).toEqual([`${o.siteUrl}/mcp`, `${o.siteUrl}/v1/mcp`]);
    expect((await api('/docs/mcp/')).status).toBe(200);
    expect((await api('/docs/mcp.md')).text).toContain('# MCP servers');
  });
});
