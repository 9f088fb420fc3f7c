// Each reproduction the outside testers reported against the old hand-synchronised routing, as it answers now,
// through the handler stack `npm start` serves (and over real HTTP where a client library would refuse to send).
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen } from '../../origin/serve.ts';
import { openStack, send, type Stack } from './helpers.ts';
import { endpointsOf } from '../../src/model/endpoints/registry.ts';

let stack: Stack;
const errors = vi.spyOn(console, 'error');
beforeAll(async () => {
  stack = await openStack();
});
afterAll(async () => {
  await stack?.store.close();
});
const key = () => ({ authorization: `Bearer ${stack.account.key}` });

describe('input reaches the store only once validated', () => {
  it('a NUL in projectId is 400 naming it with a key, 401 without one, and nothing is logged', async () => {
    errors.mockClear();
    const ok = await send(stack, '/v1/articles?projectId=a%00b', { headers: key() });
    expect(ok.status).toBe(400);
    expect(ok.body).toEqual({ code: 'invalid_query', message: 'Query parameter "projectId" must not contain control characters.' });
    const bad = await send(stack, '/v1/articles?projectId=a%00b', { headers: { authorization: 'Bearer nope' } });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('unauthorized');
    expect(errors).not.toHaveBeenCalled();
  });

  it('a NUL in a blog slug is a 404 and in the blog query a 400, never 502 blaming the store', async () => {
    const slug = await send(stack, '/api/v1/articles/a%00b');
    expect(slug.status).toBe(404);
    expect(slug.body.code).toBe('not_found');
    expect(slug.headers.get('retry-after')).toBeNull();
    const q = await send(stack, '/api/v1/articles?q=%00');
    expect(q.status).toBe(400);
    expect(q.body.message).toMatch(/^Query parameter "q" /);
  });
});

describe('the path is decoded exactly once', () => {
  it.each(['/api/v1/glossary/%25zz', '/api/v1/articles/%25zz', '/api/v1/glossary/%zz', '/api/v1/tools/%E0%A4%A'])(
    '%s is a JSON 404',
    async (path) => {
      const res = await send(stack, path);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    },
  );

  it('/v1/articles/%25zz asks for a key first, then is a 404', async () => {
    expect((await send(stack, '/v1/articles/%25zz?projectId=x')).status).toBe(401);
    const res = await send(stack, `/v1/articles/%25zz?projectId=${stack.account.on}`, { headers: key() });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });

  it('/tools-api/%25zz is a JSON 404', async () => {
    const res = await send(stack, '/tools-api/%25zz', {
      method: 'POST',
      headers: { origin: stack.site, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });

  it('a double-encoded traversal cannot serve another route or a build artifact', async () => {
    for (const path of [
      '/api/v1/glossary/%252e%252e%252fpricing',
      '/api/v1/glossary/%252e%252e%252f%252e%252e%252f_skribra%252fcatalog',
      '/api/v1/glossary/..%2f..%2f_skribra%2fcatalog',
    ]) {
      const res = await send(stack, path);
      expect(res.status, path).toBe(404);
      expect(res.text, path).not.toContain('"plans"');
      expect(res.text, path).not.toContain('"build_id"');
    }
  });

  it('never redirects off the origin', async () => {
    for (const path of [
      '//evil.example/..%2fglossary',
      '//evil.example/glossary',
      '/\\evil.example/glossary',
      '//evil.example/%2e%2e/glossary',
    ]) {
      const res = await send(stack, path);
      const location = res.headers.get('location');
      if (location !== null) expect(location, path).toMatch(/^\/(?![/\\])/);
    }
    // An empty segment names nothing: no redirect at all, so none that could read as `//host`.
    const res = await send(stack, '//glossary');
    expect(res.status).toBe(404);
    expect(res.headers.get('location')).toBeNull();
  });
});

describe('methods: declared ones answer, the rest are 405 with Allow, static files included', () => {
  it.each([
    '/api/v1/pricing',
    '/api/v1/glossary',
    '/api/v1/search?q=seo',
    '/glossary/',
    '/.well-known/api-catalog',
    '/llms.txt',
    '/v1/projects',
  ])('%s', async (path) => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await send(stack, path, { method, body: 'x' });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(res.body.code).toBe('method_not_allowed');
    }
    const options = await send(stack, path, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
  });

  it('TRACE over real HTTP is 405 too', async () => {
    const server = await listen(stack.handler, 0, '127.0.0.1');
    try {
      for (const path of ['/api/v1/pricing', '/glossary/']) {
        const status = await new Promise<number>((resolve, reject) => {
          httpRequest({ host: '127.0.0.1', port: server.port, path, method: 'TRACE' }, (res) => {
            res.resume();
            resolve(res.statusCode!);
          })
            .on('error', reject)
            .end();
        });
        expect(status, path).toBe(405);
      }
    } finally {
      await server.close();
    }
  });

  it('the tools take POST only', async () => {
    const res = await send(stack, '/tools-api/content-brief-builder');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST, OPTIONS');
  });
});

describe('every path under /v1 answers JSON', () => {
  it('/v1/ and /v1 are the content API index', async () => {
    for (const path of ['/v1/', '/v1']) {
      const res = await send(stack, path);
      expect(res.status, path).toBe(200);
      const paths = res.body.data.endpoints.map((e: { path: string }) => e.path);
      // Every documented endpoint of the content API, in the registry's order (one module each: src/request/api/content/).
      expect(paths).toEqual(endpointsOf('content').flatMap((e) => (e.doc ? [e.pattern] : [])));
      expect(paths.slice(0, 4)).toEqual(['/v1/projects', '/v1/articles', '/v1/articles/:slug', '/v1/sync']);
    }
  });

  it.each(['/v1/foo', '/v1/projects//x', '/v1/articles/a/b', '/api/v1/nope'])('%s is a JSON 404', async (path) => {
    const res = await send(stack, path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body.code).toBe('not_found');
  });
});

describe('page has one range on both APIs', () => {
  it('accepts pages up to 2^53 - 1 and refuses beyond', async () => {
    const far = await send(stack, `/v1/articles?projectId=${stack.account.on}&page=1000000000`, { headers: key() });
    expect(far.status).toBe(200);
    expect(far.body.data.items).toEqual([]);
    expect((await send(stack, '/api/v1/pages?page=1000000000')).status).toBe(200);
    for (const path of ['/api/v1/pages?page=9007199254740992', `/v1/articles?projectId=${stack.account.on}&page=9007199254740992`]) {
      const res = await send(stack, path, { headers: key() });
      expect(res.status, path).toBe(400);
      expect(res.body.message).toMatch(/^Query parameter "page" /);
    }
  });
});

describe('conditional requests everywhere', () => {
  it('computed public answers carry a strong ETag and answer 304, in exact, weak, list and * forms', async () => {
    for (const path of ['/api/v1/pages?limit=3', '/api/v1/search?q=seo', '/api/v1/articles', '/api/v1/health?x=1']) {
      const first = await send(stack, path);
      const etag = first.headers.get('etag')!;
      expect(etag, path).toMatch(/^"[\w-]{32}"$/);
      if (path.includes('health')) continue; // live: a new body each time
      for (const inm of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
        const again = await send(stack, path, { headers: { 'if-none-match': inm } });
        expect(again.status, `${path} ${inm}`).toBe(304);
        expect(again.text).toBe('');
      }
    }
  });

  it('static files answer If-None-Match: * with 304', async () => {
    expect((await send(stack, '/api/v1/pricing', { headers: { 'if-none-match': '*' } })).status).toBe(304);
    expect((await send(stack, '/glossary/', { headers: { 'if-none-match': '*' } })).status).toBe(304);
  });

  it('errors are cached briefly and never durable', async () => {
    for (const path of ['/api/v1/glossary/no-such-term', '/api/v1/articles/not-yet-published', '/api/v1/pages?kind=nope']) {
      const res = await send(stack, path);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=30');
      expect(res.headers.get('netlify-cdn-cache-control'), path).toBe('public, s-maxage=30');
    }
  });
});
