// The public MCP server on Netlify: the function's literal config is the registry's, netlify.toml ships the artifacts
// it reads, and the function entry answers as the local origin does, reading the site's twins over HTTP (the CDN).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_ARTIFACTS } from '../../src/request/api/public/load-artifacts.ts';
import { NETLIFY_PATHS } from '../../src/model/endpoints/registry.ts';
import { MCP_RATE_LIMIT } from '../../src/model/config.ts';
import { builtSite } from '../helpers/built-site.ts';
import { http, serveOrigin, type Origin } from './helpers.ts';

const root = resolve(import.meta.dirname, '../..');
let o: Origin;
let fn: (req: Request) => Promise<Response>;
beforeAll(async () => {
  process.env.SKRIBRA_DIST_DIR = (await builtSite()).distDir;
  o = await serveOrigin();
  // This deploy's own URL, where the function reads the site's files: here the local origin, serving the same build.
  process.env.DEPLOY_URL = o.base;
  fn = (await import('../../functions/mcp.mts')).default;
});
afterAll(async () => {
  await o?.close();
});

const post = (url: string, message: unknown) =>
  new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(message),
  });
/** The same request to the function and to the local origin: status and body must agree. */
async function both(path: string, message?: unknown) {
  const url = `${o.base}${path}`;
  const viaFn = await fn(message ? post(url, message) : new Request(url));
  const viaOrigin = await fetch(message ? post(url, message) : new Request(url));
  return { fn: { status: viaFn.status, body: await viaFn.json() }, origin: { status: viaOrigin.status, body: await viaOrigin.json() } };
}

describe('the MCP function', () => {
  it("declares the registry's paths and MCP_RATE_LIMIT literally, and netlify.toml ships it the public artifacts", async () => {
    const { config } = await import('../../functions/mcp.mts');
    expect(config.path).toEqual(NETLIFY_PATHS.mcp);
    expect(config.rateLimit).toEqual({ ...MCP_RATE_LIMIT, aggregateBy: ['ip', 'domain'] });
    const source = readFileSync(join(root, 'functions/mcp.mts'), 'utf8');
    expect(source).toContain(`  path: ${JSON.stringify(NETLIFY_PATHS.mcp).replace(/"/g, "'").replace(/,/g, ', ')},\n`);
    expect(source).toContain(
      `  rateLimit: { windowLimit: ${MCP_RATE_LIMIT.windowLimit}, windowSize: ${MCP_RATE_LIMIT.windowSize}, aggregateBy: ['ip', 'domain'] },\n`,
    );
    const toml = readFileSync(join(root, 'netlify.toml'), 'utf8');
    const included = /^\[functions\.mcp\]\s*included_files = \[([^\]]*)\]/m.exec(toml)?.[1] ?? '';
    expect(included.split(', ').sort()).toEqual(FUNCTION_ARTIFACTS.map((f) => `"dist/${f}"`).sort());
  });

  it('answers tools as the local origin does, get_page and resources read over HTTP from the site', async () => {
    const calls = [
      { method: 'tools/list' },
      { method: 'tools/call', params: { name: 'search', arguments: { q: 'canonical', limit: 3 } } },
      { method: 'tools/call', params: { name: 'list', arguments: { collection: 'glossary', limit: 2, full: true } } },
      { method: 'tools/call', params: { name: 'get_page', arguments: { url: '/glossary/canonical-url/' } } },
      { method: 'tools/call', params: { name: 'search', arguments: { q: 'x' } } },
      { method: 'resources/read', params: { uri: `${o.siteUrl}/llms.txt` } },
    ];
    for (const [i, c] of calls.entries()) {
      const r = await both('/mcp', { jsonrpc: '2.0', id: i + 1, ...c });
      expect(r.fn, JSON.stringify(c)).toEqual(r.origin);
      expect(r.fn.status).toBe(200);
    }
    const page = await both('/mcp', {
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'get_page', arguments: { url: '/glossary/canonical-url/' } },
    });
    expect(page.fn.body.result.content[0].text).toBe((await http(`${o.base}/glossary/canonical-url.md`)).text);
  });

  it("never trusts the Host: a page on the request's own host is refused, and the site is read from DEPLOY_URL", async () => {
    // Where the Host header points: a server that counts what reaches it.
    let reached = 0;
    const evil = createServer((_, res) => {
      reached++;
      res.writeHead(200, { 'content-type': 'text/markdown' }).end('# owned');
    });
    await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
    const host = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
    try {
      const call = async (message: unknown) => (await fn(post(`${host}/mcp`, { jsonrpc: '2.0', id: 1, ...(message as object) }))).json();
      const getPage = (url: string) => call({ method: 'tools/call', params: { name: 'get_page', arguments: { url } } });
      for (const url of [`${host}/index.md`, `${host}/glossary/canonical-url/`]) {
        expect((await getPage(url)).result.structuredContent, url).toEqual({
          code: 'invalid_query',
          message: `Query parameter "url" must be a page of ${o.siteUrl}.`,
        });
      }
      const twin = (await http(`${o.base}/glossary/canonical-url.md`)).text;
      for (const url of ['/glossary/canonical-url/', `${o.siteUrl}/glossary/canonical-url/`, `${o.base}/glossary/canonical-url.md`])
        expect((await getPage(url)).result.content[0].text, url).toBe(twin);
      const llms = await call({ method: 'resources/read', params: { uri: `${o.siteUrl}/llms.txt` } });
      expect(llms.result.contents[0].text).toBe((await http(`${o.base}/llms.txt`)).text);
      expect((await call({ method: 'resources/read', params: { uri: `${host}/llms.txt` } })).error.code).toBe(-32602);
      expect(reached).toBe(0);
    } finally {
      await new Promise((r) => evil.close(r));
    }
  });

  it('serves the server cards and refuses other methods as the local origin does', async () => {
    for (const path of [
      '/.well-known/mcp/server-card',
      '/.well-known/mcp/server-card/account',
      '/.well-known/mcp/server-card/nope',
      '/mcp',
      '/mcp/nope',
    ]) {
      const r = await both(path);
      expect(r.fn, path).toEqual(r.origin);
    }
  });
});
