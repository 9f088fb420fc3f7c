// Every failed tool call of either MCP server is a tool error (`isError: true`, issue 47), however it failed: an
// argument the SDK refuses, a value the API refuses, a name that names nothing (get_article's `gone` included), a tool
// that does not exist, a store that does not answer, a request that throws. Over the real handler stack: the local
// origin over HTTP, and the servers over an in-memory transport where the store or the site is made to fail.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountCard } from '../../src/request/api/mcp/account-endpoint.ts';
import { accountServer } from '../../src/request/api/mcp/account-server.ts';
import { siteCard } from '../../src/request/api/mcp/mcp-implementation.ts';
import { siteServer } from '../../src/request/api/mcp/site-server.ts';
import { apiUrl, type Query } from '../../src/request/api/mcp/tool-result.ts';
import { MAX_INT } from '../../src/model/endpoints/params.ts';
import { readConfig } from '../../src/model/config.ts';
import { createLocalOrigin } from '../../origin/local-origin.ts';
import { endpointsOf } from '../../src/model/endpoints/registry.ts';
import { fixture, openTestStore, type TestStore } from '../content/helpers.ts';
import { callTool, connect, serveOrigin, textOf, type Origin } from './helpers.ts';

let t: TestStore;
let o: Origin;
let f: Awaited<ReturnType<typeof fixture>>;
let site: Client;
let account: Client;
beforeAll(async () => {
  t = await openTestStore();
  f = await fixture(t.store, 1);
  o = await serveOrigin({ sql: t.store.sql });
  site = await connect(`${o.base}/mcp`);
  account = await connect(`${o.base}/v1/mcp`, { authorization: `Bearer ${f.key}` });
});
afterAll(async () => {
  await site?.close();
  await account?.close();
  await o?.close();
  await t?.close();
});

/** A failure the API (or the MCP layer, as the API would) answers: `{code, message}`, as text and structured. */
function expectApiError(r: Awaited<ReturnType<typeof callTool>>, code: string, label: string) {
  expect(r.isError, label).toBe(true);
  expect(r.structuredContent, label).toMatchObject({ code, message: expect.any(String) });
  expect(JSON.parse(textOf(r)), label).toEqual(r.structuredContent);
}

describe('over HTTP', () => {
  it('the public server: every refused, missing or unknown thing is a tool error', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['get_glossary_term', { slug: 'no-such-term' }, 'not_found'],
      ['get_glossary_term', { slug: '..' }, 'not_found'],
      ['search', { q: 'a' }, 'invalid_query'],
      ['search', { q: 'seo', limit: 0 }, 'invalid_query'],
      ['search_text', { q: 'a' }, 'invalid_query'],
      ['list', { collection: 'pages', page: MAX_INT + 1 }, 'invalid_query'],
      ['list', { collection: 'pages', limit: 2.5 }, 'invalid_query'],
      ['list', { collection: 'tools', kind: 'doc' }, 'invalid_query'],
      ['get_page', { url: '/no-such-page/' }, 'not_found'],
      ['get_page', { url: 'https://elsewhere.example/' }, 'invalid_query'],
      ['compare', { competitor: 'Nobody Inc' }, 'not_found'],
    ];
    for (const [name, args, code] of cases) expectApiError(await callTool(site, name, args), code, `${name} ${JSON.stringify(args)}`);
  });

  it('the account server: every refused, missing or unknown thing is a tool error; get_article says gone as well', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['list_articles', { projectId: f.on, limit: 0 }, 'invalid_query'],
      ['list_articles', { projectId: f.on, page: MAX_INT + 1 }, 'invalid_query'],
      ['list_articles', { projectId: f.on, updatedSince: 'yesterday' }, 'invalid_query'],
      ['list_articles', { projectId: 'no-such-project' }, 'project_not_found'],
      ['sync', { projectId: f.on, cursor: 'forged' }, 'invalid_query'],
      ['get_article', { projectId: 'no-such-project', slug: f.slugs[0] }, 'project_not_found'],
      ['get_article', { projectId: f.off, slug: f.slugs[0] }, 'project_api_disabled'],
    ];
    for (const [name, args, code] of cases) expectApiError(await callTool(account, name, args), code, `${name} ${JSON.stringify(args)}`);
    // Every content tool taking a projectId fails as a tool error for a project that is not the account's.
    for (const e of endpointsOf('content'))
      if (e.tool && e.query?.keys.includes('projectId'))
        expectApiError(
          await callTool(account, e.tool.name, { projectId: 'no-such-project', slug: f.slugs[0] }),
          'project_not_found',
          e.tool.name,
        );
    // An article that is not there: the API's 404, with what the site should do at the slug.
    for (const slug of ['never-published', '..']) {
      const r = await callTool(account, 'get_article', { projectId: f.on, slug });
      expectApiError(r, 'not_found', slug);
      expect(r.structuredContent, slug).toMatchObject({ consolidation: { action: 'gone', status: 404 } });
    }
  });

  it('arguments the SDK refuses and tools that do not exist are tool errors, on both servers', async () => {
    for (const [client, name, args] of [
      [site, 'search', { q: 5 }],
      [site, 'list', {}],
      [site, 'list', { collection: 'pages', page: '2' }],
      [site, 'no_such_tool', {}],
      [account, 'get_article', { projectId: f.on }],
      [account, 'sync', { projectId: 1 }],
      [account, 'no_such_tool', {}],
    ] as const) {
      const r = await callTool(client, name, args);
      expect(r.isError, name).toBe(true);
      expect(textOf(r), name).toMatch(/^MCP error -32602: /);
    }
  });
});

/** The server on the far side of an in-memory transport, the client on the near side. */
async function linked(server: McpServer): Promise<Client> {
  const [near, far] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'skribra-tool-errors', version: '1.0.0' });
  await server.connect(far);
  await client.connect(near);
  return client;
}

describe('when what a tool reads fails', () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  afterAll(() => errors.mockRestore());

  it('a store that does not answer: every account tool is a tool error, unavailable', async () => {
    const dead = postgres('postgres://u:p@127.0.0.1:1/db', { connect_timeout: 2, max: 1 });
    try {
      const { handler } = createLocalOrigin({ distDir: o.distDir, config: readConfig(), sql: dead });
      const headers = { accept: 'application/json', authorization: `Bearer ${f.key}` };
      const call = (path: string, query?: Query) => handler(new Request(apiUrl(o.siteUrl, path, query), { headers }));
      const client = await linked(accountServer({ call }, accountCard(o.siteUrl)));
      for (const e of endpointsOf('content')) {
        if (!e.tool) continue;
        const r = await callTool(client, e.tool.name, { projectId: f.on, slug: f.slugs[0] });
        expectApiError(r, 'unavailable', e.tool.name);
      }
      await client.close();
    } finally {
      await dead.end({ timeout: 0 });
    }
  });

  it("the site's index unreadable, or a request that throws: the public server's tools are tool errors", async () => {
    const { handler } = createLocalOrigin({ distDir: o.distDir, config: readConfig() });
    const api = (path: string, query?: Query) =>
      handler(new Request(apiUrl(o.siteUrl, path, query), { headers: { accept: 'application/json' } }));
    // The full-text index answers 502, as a file read through a failing gateway would.
    const readSite = (path: string) =>
      path.startsWith('/pagefind/')
        ? Promise.resolve(new Response('bad gateway', { status: 502 }))
        : handler(new Request(`${o.siteUrl}${path}`));
    const ctx = { site: o.siteUrl, origins: [o.siteUrl], api, readSite };
    const unreadable = await linked(siteServer(ctx, siteCard(o.siteUrl)));
    expectApiError(await callTool(unreadable, 'search_text', { q: 'canonical url' }), 'unavailable', 'search_text');
    await unreadable.close();

    const thrown = () => Promise.reject(new Error('connection reset'));
    const broken = await linked(siteServer({ ...ctx, api: thrown, readSite: thrown }, siteCard(o.siteUrl)));
    for (const [name, args] of [
      ['search', { q: 'seo' }],
      ['search_text', { q: 'seo' }],
      ['get_page', { url: '/' }],
      ['get_glossary_term', { slug: 'canonical-url' }],
      ['list', { collection: 'pages' }],
      ['compare', { competitor: 'anyone' }],
    ] as const) {
      const r = await callTool(broken, name, args);
      expectApiError(r, 'internal', name);
      expect(textOf(r), name).not.toContain('connection reset');
    }
    await broken.close();
  });
});
