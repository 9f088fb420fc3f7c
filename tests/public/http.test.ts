import { beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from '../helpers/built-site.ts';
import { loadPublicApi } from '../../src/request/api/public/load-public-api.ts';
import { createLocalOrigin } from '../../origin/local-origin.ts';
import { readConfig } from '../../src/model/config.ts';

// The public API's HTTP surface, from the function and through the local origin: CORS, preflight, HEAD, caching.
let fn: (req: Request) => Promise<Response>;
let origin: (req: Request) => Promise<Response>;
let site: string;
beforeAll(async () => {
  const { distDir, siteUrl } = await builtSite();
  site = siteUrl;
  fn = loadPublicApi(distDir).handler;
  origin = createLocalOrigin({ distDir, config: readConfig() }).handler;
});
const req = (path: string, init: RequestInit = {}) => new Request(`${site}/api/v1${path}`, init);

describe('function responses', () => {
  it.each(['/pages?limit=2', '/search?q=seo', '/glossary?q=seo', '/tools?page=1'])(
    '%s: JSON, open CORS, CDN caching keyed on the query',
    async (path) => {
      const res = await fn(req(path, { headers: { origin: 'https://elsewhere.example' } }));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      expect(res.headers.get('netlify-cdn-cache-control')).toBe('public, durable, s-maxage=300, stale-while-revalidate=60');
      // Keyed on the parameters the API reads, so utm_source and friends do not split the CDN cache.
      expect(res.headers.get('netlify-vary')).toBe('query=category|format|full|kind|limit|page|q');
    },
  );

  it('health is never cached', async () => {
    const res = await fn(req('/health?x=1'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('netlify-cdn-cache-control')).toBeNull();
  });

  it('answers a CORS preflight on any public path with 204 and the allowed methods', async () => {
    for (const path of ['/search?q=seo', '/pages', '/glossary/canonical-url', '/nope']) {
      const res = await fn(
        req(path, { method: 'OPTIONS', headers: { origin: 'https://x.example', 'access-control-request-method': 'GET' } }),
      );
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
      expect(await res.text()).toBe('');
    }
  });

  it('answers HEAD with the GET headers and no body, errors included', async () => {
    for (const path of ['/search?q=seo', '/pages?limit=1', '/search?q=a', '/glossary/nope']) {
      const [head, get] = await Promise.all([fn(req(path, { method: 'HEAD' })), fn(req(path))]);
      expect(head.status).toBe(get.status);
      expect([...head.headers]).toEqual([...get.headers]);
      expect(await head.text()).toBe('');
    }
  });

  it('refuses other methods with 405 and Allow', async () => {
    const res = await fn(req('/search?q=seo', { method: 'POST', body: '{}' }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect((await res.json()).code).toBe('method_not_allowed');
  });

  it('answers unknown paths and slugs, even malformed ones, with 404 not_found in JSON', async () => {
    for (const path of ['/nope', '/glossary/no-such-term', '/glossary/%E0%A4%A', '/tools/x/y']) {
      const res = await fn(req(path));
      expect(res.status, path).toBe(404);
      expect((await res.json()).code).toBe('not_found');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('does not let a cache keep a failure of the blog', async () => {
    const res = await fn(req('/articles?x=1'));
    expect(res.status).toBe(502);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await res.json()).code).toBe('upstream_unavailable');
  });
});

describe('through the local origin (the route table decides, as the edge router does)', () => {
  it('a query-less list is the static file, the same URL with a query string is the function: same bytes, same ETag', async () => {
    const stat = await origin(req('/pages'));
    const dyn = await origin(req('/pages?limit=50'));
    expect(stat.headers.get('etag')).toMatch(/^"[\w-]{32}"$/);
    expect(dyn.headers.get('etag')).toBe(stat.headers.get('etag'));
    expect(await dyn.text()).toBe(await stat.text());
    for (const res of [stat, dyn]) {
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    }
  });

  it('search always reaches the function, and a slug with no static file gets the JSON 404', async () => {
    expect((await origin(req('/search?q=seo'))).status).toBe(200);
    expect((await origin(req('/search'))).status).toBe(400);
    const missing = await origin(req('/glossary/no-such-term'));
    expect(missing.status).toBe(404);
    expect((await missing.json()).code).toBe('not_found');
  });

  it('answers preflights and HEAD on static files too', async () => {
    const pre = await origin(req('/pages', { method: 'OPTIONS' }));
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    const head = await origin(req('/pages', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
