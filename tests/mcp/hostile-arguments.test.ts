// Property-based: every tool of both MCP servers, run with the hostile values the HTTP property tests send
// (tests/helpers/hostile-values.ts) in each string argument. Each request a tool makes is watched on its way into
// the real handler stack (the local origin, over the test build and a real store): it must route to the endpoint the
// tool stands for, never to another endpoint, an API's index or its root, and get_page may only read files of the
// site. A slug that cannot be one (dot segments, encoded slashes, empty) is the 404 the same path segment gets.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountServer } from '../../src/request/api/mcp/account-server.ts';
import { accountCard } from '../../src/request/api/mcp/account-endpoint.ts';
import { siteCard } from '../../src/request/api/mcp/mcp-implementation.ts';
import { siteServer } from '../../src/request/api/mcp/site-server.ts';
import { apiUrl, type Query } from '../../src/request/api/mcp/tool-result.ts';
import { match } from '../../src/request/api/http/stages/match.ts';
import { decodePath } from '../../src/model/core/decode-path.ts';
import { COLLECTIONS } from '../../src/model/catalog/collections.ts';
import { readConfig } from '../../src/model/config.ts';
import { createLocalOrigin } from '../../origin/local-origin.ts';
import { builtSite } from '../helpers/built-site.ts';
import { hostile } from '../helpers/hostile-values.ts';
import { fixture, openTestStore, type TestStore } from '../content/helpers.ts';

let t: TestStore;
let handler: (req: Request) => Promise<Response>;
let site: string;
let acc: Awaited<ReturnType<typeof fixture>>;
let siteClient: Client;
let accountClient: Client;
/** Where each request the tools made went, in order: an endpoint id, `site` (a file of the site) or an API root. */
const routed: string[] = [];
const errors = vi.spyOn(console, 'error');

const routeOf = (url: string): string => {
  const d = match(decodePath(new URL(url).pathname));
  return d.to === 'endpoint' ? d.endpoint.id : d.to === 'site' ? 'site' : `api-root:${d.api}`;
};
/** The real stack, with each request's route noted on the way in. */
const watched = (req: Request) => {
  routed.push(routeOf(req.url));
  return handler(req);
};

async function connect(server: McpServer): Promise<Client> {
  const [near, far] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'skribra-hostile-tests', version: '1.0.0' });
  await server.connect(far);
  await client.connect(near);
  return client;
}

beforeAll(async () => {
  const built = await builtSite();
  site = built.siteUrl;
  t = await openTestStore();
  acc = await fixture(t.store, 1);
  const lots = { hour: 1_000_000, day: 1_000_000 };
  ({ handler } = createLocalOrigin({
    distDir: built.distDir,
    config: readConfig(),
    sql: t.store.sql,
    content: { limits: { list: lots, detail: lots } },
  }));
  siteClient = await connect(
    siteServer(
      {
        site,
        origins: [site],
        api: (path: string, query?: Query) => watched(new Request(apiUrl(site, path, query), { headers: { accept: 'application/json' } })),
        readSite: (path: string) => watched(new Request(`${site}${path}`)),
      },
      siteCard(site),
    ),
  );
  const headers = { accept: 'application/json', authorization: `Bearer ${acc.key}` };
  accountClient = await connect(
    accountServer({ call: (path, query) => watched(new Request(apiUrl(site, path, query), { headers })) }, accountCard(site)),
  );
});
afterAll(async () => {
  await siteClient?.close();
  await accountClient?.close();
  await t?.close();
});

const call = (client: Client, name: string, args: Record<string, unknown>) =>
  client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

const collectionIds: Record<string, string> = {
  pages: 'listPages',
  glossary: 'listGlossaryTerms',
  'glossary-categories': 'listGlossaryCategories',
  ...Object.fromEntries(COLLECTIONS.map((c) => [c.key, c.api.list.id])),
};
const comparisons = COLLECTIONS.find((c) => c.key === 'comparisons')!.api;

/** Each tool, the arguments to fill with hostile strings, and the only routes its requests may take. */
const cases: { server: 'site' | 'account'; tool: string; args: (s: string) => Record<string, unknown>; routes: string[] }[] = [
  // An empty title search reads the full-text index too (search-fallback.ts).
  { server: 'site', tool: 'search', args: (s) => ({ q: s }), routes: ['searchPages', 'site'] },
  { server: 'site', tool: 'search_text', args: (s) => ({ q: s }), routes: ['site'] },
  { server: 'site', tool: 'get_glossary_term', args: (s) => ({ slug: s }), routes: ['getGlossaryTerm'] },
  { server: 'site', tool: 'get_page', args: (s) => ({ url: s.slice(0, 2048) }), routes: ['site'] },
  { server: 'site', tool: 'get_page', args: (s) => ({ url: `/glossary/${s.slice(0, 2000)}/` }), routes: ['site'] },
  { server: 'site', tool: 'get_page', args: (s) => ({ url: `${site}/${s.slice(0, 2000)}` }), routes: ['site'] },
  { server: 'site', tool: 'compare', args: (s) => ({ competitor: s.slice(0, 100) }), routes: [comparisons.list.id, comparisons.detail.id] },
  ...Object.entries(collectionIds).map(([collection, id]) => ({
    server: 'site' as const,
    tool: 'list',
    args: (s: string) => (collection === 'glossary' ? { collection, category: s, q: s } : { collection }),
    routes: [id],
  })),
  { server: 'account', tool: 'get_article', args: (s) => ({ projectId: acc.on, slug: s }), routes: ['getOwnArticle'] },
  { server: 'account', tool: 'get_article', args: (s) => ({ projectId: s, slug: acc.slugs[0] }), routes: ['getOwnArticle'] },
  { server: 'account', tool: 'list_articles', args: (s) => ({ projectId: s, tag: s }), routes: ['listOwnArticles'] },
  { server: 'account', tool: 'sync', args: (s) => ({ projectId: acc.on, cursor: s }), routes: ['syncOwnArticles'] },
  { server: 'account', tool: 'list_projects', args: () => ({}), routes: ['listOwnProjects'] },
];

describe('hostile tool arguments', () => {
  it.each(cases.map((c, i) => [`${c.server} ${c.tool} #${i}`, c] as const))(
    '%s: every request goes to its own endpoint, and no answer is a 5xx',
    async (_, c) => {
      const client = c.server === 'site' ? siteClient : accountClient;
      await fc.assert(
        fc.asyncProperty(hostile, async (value) => {
          routed.length = 0;
          const r = await call(client, c.tool, c.args(value));
          for (const route of routed) expect(c.routes, `${c.tool} ${JSON.stringify(value)} went to ${route}`).toContain(route);
          const code = (r.structuredContent as { code?: string } | undefined)?.code;
          expect(['internal', 'unavailable', 'upstream_unavailable']).not.toContain(code);
        }),
        { numRuns: 60 },
      );
      expect(errors).not.toHaveBeenCalled();
    },
  );
});

describe('a slug that cannot be one', () => {
  const notFound = (path: string) => ({ code: 'not_found', message: `No ${path.split('/').at(-2)} at ${path} found.` });

  it('get_glossary_term: dot segments, slashes and empty values are 404 not_found, and ask nothing', async () => {
    for (const slug of ['..', '.', '', '../tools', '..%2ftools', 'a/b', '%2F', '\\', ' ', 'Canonical-URL']) {
      routed.length = 0;
      const r = await call(siteClient, 'get_glossary_term', { slug });
      expect(r.isError, slug).toBe(true);
      expect(r.structuredContent, slug).toEqual(notFound(`/api/v1/glossary/${encodeURIComponent(slug)}`));
      expect(routed, slug).toEqual([]);
    }
  });

  it("get_article: such a slug is gone (404), asks nothing and spends no quota; the answer is /v1's for the encoded segment", async () => {
    for (const slug of ['..', '.', '', '../projects', 'a/b']) {
      routed.length = 0;
      const r = await call(accountClient, 'get_article', { projectId: acc.on, slug });
      expect(r.structuredContent, slug).toEqual({
        consolidation: { action: 'gone', status: 404 },
        ...notFound(`/v1/articles/${encodeURIComponent(slug)}`),
      });
      expect(r.isError, slug).toBe(true);
      expect(routed, slug).toEqual([]);
    }
    // Over HTTP, the same segment where a URL keeps it (an encoded slash) is the same 404.
    const res = await handler(
      new Request(`${site}/v1/articles/${encodeURIComponent('../projects')}?projectId=${acc.on}`, {
        headers: { authorization: `Bearer ${acc.key}` },
      }),
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(notFound(`/v1/articles/${encodeURIComponent('../projects')}`));
  });

  it('a category named after an Object member (toString, constructor, __proto__) is no category, over HTTP as in list', async () => {
    for (const category of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const res = await handler(new Request(`${site}/api/v1/glossary?category=${category}&q=ab`));
      expect(res.status, category).toBe(200);
      const body = await res.json();
      expect(body.data, category).toMatchObject({ items: [], pagination: { total: 0 } });
      const r = await call(siteClient, 'list', { collection: 'glossary', category, q: 'ab' });
      expect(r.structuredContent, category).toEqual(body);
    }
  });

  it('get_page never reads an API path, whatever the page URL names', async () => {
    for (const url of [
      '/api/v1/',
      '/api/v1/glossary/..',
      '/v1/',
      '/mcp',
      '/api/v1/glossary/canonical-url',
      '/.well-known/mcp/server-card',
    ]) {
      routed.length = 0;
      const r = await call(siteClient, 'get_page', { url });
      expect(r.structuredContent, url).toMatchObject({ code: 'not_found' });
      expect(
        routed.every((x) => x === 'site'),
        `${url}: ${routed.join(', ')}`,
      ).toBe(true);
    }
  });
});
