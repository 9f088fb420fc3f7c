// get_page and the resources take pages of the configured site only (SITE_URL, and the deploy URLs the config names
// as its aliases), whatever the request's Host header says, and read them from the configured site, not from the
// Host. Over real HTTP, with the Host header a client chooses (node:http: fetch will not send a foreign one).
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/model/config.ts';
import { createLocalOrigin } from '../../origin/local-origin.ts';
import { listen } from '../../origin/serve.ts';
import { builtSite } from '../helpers/built-site.ts';
import { http, NO_MCP_LIMIT, serveOrigin, type Origin } from './helpers.ts';

let o: Origin;
beforeAll(async () => {
  o = await serveOrigin();
});
afterAll(async () => {
  await o?.close();
});

/** One JSON-RPC call POSTed to `base`/mcp with this Host header. */
function callWithHost(base: string, host: string, message: unknown): Promise<{ status: number; body: any }> {
  const url = new URL('/mcp', base);
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, ...(message as object) });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: 'POST', headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
const getPage = (url: string) => ({ method: 'tools/call', params: { name: 'get_page', arguments: { url } } });

describe('the site is the configured site', () => {
  it('refuses a page on the Host the request names, and on the address it was sent to', async () => {
    for (const [host, url] of [
      ['evil.example', 'http://evil.example/index.md'],
      ['evil.example', 'http://evil.example/glossary/canonical-url/'],
      ['evil.example:4321', 'http://evil.example:4321/index.md'],
      [new URL(o.base).host, `${o.base}/index.md`],
    ] as const) {
      const r = await callWithHost(o.base, host, getPage(url));
      expect(r.status, url).toBe(200);
      expect(r.body.result.isError, url).toBe(true);
      expect(r.body.result.structuredContent, url).toEqual({
        code: 'invalid_query',
        message: `Query parameter "url" must be a page of ${o.siteUrl}.`,
      });
    }
  });

  it('reads a path, or a page of the configured site, from the configured site whatever the Host says', async () => {
    const twin = (await http(`${o.base}/glossary/canonical-url.md`)).text;
    for (const url of ['/glossary/canonical-url/', `${o.siteUrl}/glossary/canonical-url/`, `${o.siteUrl}/glossary/canonical-url.md`]) {
      const r = await callWithHost(o.base, 'evil.example', getPage(url));
      expect(r.body.result.isError, url).toBeFalsy();
      expect(r.body.result.content[0].text, url).toBe(twin);
    }
  });

  it("has resources only under the configured site's URL, whatever the Host says", async () => {
    const foreign = await callWithHost(o.base, 'evil.example', {
      method: 'resources/read',
      params: { uri: 'http://evil.example/llms.txt' },
    });
    expect(foreign.body.error).toMatchObject({ code: -32602, message: expect.stringMatching(/not found/) });
    const own = await callWithHost(o.base, 'evil.example', { method: 'resources/read', params: { uri: `${o.siteUrl}/llms.txt` } });
    expect(own.body.result.contents[0].text).toBe((await http(`${o.base}/llms.txt`)).text);
    const list = await callWithHost(o.base, 'evil.example', { method: 'resources/list' });
    expect(list.body.result.resources.map((r: { uri: string }) => r.uri)).toEqual([`${o.siteUrl}/llms.txt`, 'mcp://server-card.json']);
  });

  it('takes the pages of the aliases the config names (Netlify: URL, DEPLOY_PRIME_URL, DEPLOY_URL), and no others', async () => {
    const { distDir } = await builtSite();
    const config = readConfig({
      ...process.env,
      DEPLOY_PRIME_URL: 'https://preview--skribra.example',
      DEPLOY_URL: undefined,
      URL: undefined,
    });
    const { handler } = createLocalOrigin({ distDir, config, mcpRateLimit: NO_MCP_LIMIT });
    const server = await listen(handler, 0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const alias = await callWithHost(base, 'evil.example', getPage('https://preview--skribra.example/glossary/canonical-url/'));
      expect(alias.body.result.isError).toBeFalsy();
      expect(alias.body.result.content[0].text).toBe((await http(`${o.base}/glossary/canonical-url.md`)).text);
      const other = await callWithHost(base, 'preview2--skribra.example', getPage('https://preview2--skribra.example/index.md'));
      expect(other.body.result.structuredContent.code).toBe('invalid_query');
    } finally {
      await server.close();
    }
  });
});
