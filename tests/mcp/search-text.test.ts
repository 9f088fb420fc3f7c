// The public MCP server's `search_text` over real HTTP with the SDK's client: the words inside pages, from the same
// Pagefind index the search page uses (the test run's build wrote it), where `search` (GET /api/v1/search) matches
// titles and descriptions only; `q` and `limit` refused as the API refuses them. `search` with no title match says so
// and carries search_text's first hits.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, connect, http, serveOrigin, textOf, type Origin } from './helpers.ts';

let o: Origin;
let client: Client;
beforeAll(async () => {
  o = await serveOrigin();
  client = await connect(`${o.base}/mcp`);
});
afterAll(async () => {
  await client?.close();
  await o?.close();
});

interface Hit {
  path: string;
  title: string;
  kind: string;
  excerpt: string;
  url: string;
  markdown_url: string;
}
const hitsOf = (r: Awaited<ReturnType<typeof callTool>>) => (r.structuredContent as { data: { total: number; items: Hit[] } }).data;

describe('search_text', () => {
  it('finds /docs/webhooks/ for “webhook signature”, which the title search does not', async () => {
    const r = await callTool(client, 'search_text', { q: 'webhook signature' });
    expect(r.isError).toBeFalsy();
    const { items } = hitsOf(r);
    const hit = items.find((h) => h.path === '/docs/webhooks/');
    expect(hit).toMatchObject({
      kind: 'Docs',
      url: `${o.siteUrl}/docs/webhooks/`,
      markdown_url: `${o.siteUrl}/docs/webhooks.md`,
    });
    expect(hit!.excerpt).toMatch(/\*\*[^*]+\*\*/);
    expect(JSON.parse(textOf(r))).toEqual(r.structuredContent);
    const api = await http(`${o.base}/api/v1/search?q=webhook+signature`);
    expect(api.body.data.items.map((i: { path: string }) => i.path)).not.toContain('/docs/webhooks/');
  });

  it('search for “webhook signature”: the API’s empty answer, a hint naming search_text, and its first hits', async () => {
    const r = await callTool(client, 'search', { q: 'webhook signature' });
    expect(r.isError).toBeFalsy();
    const api = await http(`${o.base}/api/v1/search?q=webhook+signature`);
    expect(api.body.data.total).toBe(0);
    const answer = r.structuredContent as { data: unknown; hint: string; text_matches: { total: number; items: Hit[] } };
    expect(answer.data).toEqual(api.body.data);
    expect(answer.hint).toMatch(/search_text searches the words inside every page and found \d+/);
    expect(answer.text_matches.items.map((h) => h.path)).toContain('/docs/webhooks/');
    expect(answer.text_matches.items.length).toBeLessThanOrEqual(5);
    expect(JSON.parse(textOf(r))).toEqual(r.structuredContent);
    // A search that matches titles is the API's answer, byte for byte, with no hint.
    const hit = await callTool(client, 'search', { q: 'webhook' });
    expect(textOf(hit)).toBe((await http(`${o.base}/api/v1/search?q=webhook`)).text.trimEnd());
  });

  it('the server’s instructions name search and search_text', () => {
    const instructions = client.getInstructions() ?? '';
    expect(instructions).toContain('`search`');
    expect(instructions).toContain('`search_text`');
  });

  it('narrows by kind and keeps to limit', async () => {
    const { items, total } = hitsOf(await callTool(client, 'search_text', { q: 'canonical', kind: 'Glossary', limit: 2 }));
    expect(items).toHaveLength(2);
    expect(total).toBeGreaterThan(2);
    expect(items.every((h) => h.kind === 'Glossary')).toBe(true);
  });

  it('refuses q as GET /api/v1/search does, with the same message', async () => {
    for (const q of ['a', ' x ', 'x'.repeat(201)]) {
      const r = await callTool(client, 'search_text', { q });
      const api = await http(`${o.base}/api/v1/search?q=${encodeURIComponent(q)}`);
      expect(r.isError, q).toBe(true);
      expect(JSON.parse(textOf(r)), q).toEqual(api.body);
    }
  });
});
