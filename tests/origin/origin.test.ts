import { beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from '../helpers/built-site.ts';
import { createLocalOrigin } from '../../origin/local-origin.ts';
import { readConfig } from '../../src/model/config.ts';

let origin: (req: Request) => Promise<Response>;
let site: string;
beforeAll(async () => {
  const { distDir, siteUrl } = await builtSite();
  site = siteUrl;
  origin = createLocalOrigin({ distDir, config: readConfig() }).handler;
});
const get = (path: string, init?: RequestInit) => origin(new Request(`${site}${path}`, init));

describe('the local origin', () => {
  it('serves a static API file at its extensionless URL with JSON, CORS and an ETag, and 304 on revalidation', async () => {
    const res = await get('/api/v1/glossary');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await res.json()).data.pagination).toMatchObject({ page: 1, limit: 50 });
    const again = await get('/api/v1/glossary', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('answers the index at /api/v1 and /api/v1/', async () => {
    for (const path of ['/api/v1', '/api/v1/']) {
      const body = await (await get(path)).json();
      expect(body.data.endpoints.length).toBeGreaterThanOrEqual(10);
    }
  });

  it('answers HEAD without a body and OPTIONS preflight on the public API', async () => {
    const head = await get('/api/v1/tools', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).not.toBe('0');
    expect(await head.text()).toBe('');
    const pre = await get('/api/v1/tools', {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-methods')).toContain('GET');
  });

  it('sends unknown slugs to the function, which answers a JSON 404', async () => {
    const res = await get('/api/v1/agents/no-such-agent');
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({ code: 'not_found', message: 'No agent with slug "no-such-agent" found.' });
  });

  it('serves HTML pages, redirects to the trailing slash, and answers 404 with the HTML 404 page', async () => {
    const page = await get('/glossary/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const bare = await get('/glossary');
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/glossary/');
    const missing = await get('/no/such/page/');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page not found');
  });

  it('never serves a file outside the build', async () => {
    const res = await get('/..%2f..%2fpackage.json');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('"scripts"');
  });

  it('refuses writes on the public API', async () => {
    const res = await get('/api/v1/pages?x=1', { method: 'POST' });
    expect(res.status).toBe(405);
    expect((await res.json()).code).toBe('method_not_allowed');
  });
});
