// Property-based: thousands of generated requests, with hostile values in every path segment, query parameter and
// header of every registered endpoint and method, through the handler stack `npm start` serves, over a real store.
// Whatever arrives: no 5xx while the store is up, every API error a JSON {code, message} with a known code, 401
// before anything else on a content endpoint without a valid key, and no unhandled error logged.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_ROOTS, endpoints, machineFiles } from '../../src/model/endpoints/registry.ts';
import { openStack, send, type Stack } from './helpers.ts';
import { hostile } from '../helpers/hostile-values.ts';

/** Spec section 7, plus method_not_allowed; the tools add their body and origin codes. */
const CODES = new Set([
  'invalid_query',
  'unauthorized',
  'project_api_disabled',
  'project_not_found',
  'not_found',
  'rate_limited',
  'upstream_unavailable',
  'method_not_allowed',
  'unavailable',
  'invalid_body',
  'forbidden_origin',
  'payload_too_large',
]);
const API_PREFIXES = ['/api/v1', '/v1', '/tools-api', '/signup'];

let stack: Stack;
const errors = vi.spyOn(console, 'error');
beforeAll(async () => {
  stack = await openStack();
});
afterAll(async () => {
  await stack?.store.close();
});

const method = fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH');
const latin1 = fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 60 });

/** Any registered pattern, a machine file or page, or a path under an API root that names nothing. */
const pathTemplate = fc.oneof(
  fc.constantFrom(...endpoints.map((e) => e.pattern)),
  fc.constantFrom(...machineFiles.map((f) => f.path), '/', '/glossary/', '/glossary/:slug/', '/glossary/:slug.md', '/blog/:slug/'),
  fc.constantFrom(
    '/api/v1/:slug',
    '/v1/:slug',
    '/v1/',
    '/v1',
    '/v1/projects//',
    '/v1/articles/:slug/extra',
    '/tools-api/',
    '/signup/',
    '/signup/:slug',
    '/api/v1/glossary/:slug/:slug',
    '//:slug/..%2fglossary',
  ),
);

const request = fc.record({
  template: pathTemplate,
  segment: hostile,
  method,
  params: fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom('q', 'page', 'limit', 'kind', 'category', 'full', 'format', 'projectId', 'sort', 'order', 'updatedSince', 'cursor'),
        latin1.map(encodeURIComponent),
      ),
      hostile,
    ),
    { maxLength: 4 },
  ),
  key: fc.constantFrom('valid', 'none', 'garbage', 'x-api-key'),
  junkHeaders: fc.record(
    {
      'if-none-match': fc.option(latin1, { nil: undefined }),
      accept: fc.option(latin1, { nil: undefined }),
      origin: fc.option(latin1, { nil: undefined }),
      'content-type': fc.option(fc.constantFrom('application/x-www-form-urlencoded', 'application/json'), { nil: undefined }),
    },
    { requiredKeys: [] },
  ),
  body: fc.option(
    fc.oneof(
      latin1,
      fc.json(),
      // A sign-up's fields, hostile, as JSON and as a form post (POST /signup).
      fc
        .record({ email: hostile, site: hostile, plan: hostile, website: hostile })
        .chain((f) => fc.constantFrom(JSON.stringify(f), new URLSearchParams(f).toString())),
    ),
    { nil: undefined },
  ),
});

describe('hostile requests through the whole handler stack', () => {
  it('never answer 5xx, always answer API errors as {code, message}, and ask for a key first', async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const path = r.template.replace(/:slug/g, r.segment);
        const query = r.params.map(([k, v]) => `${k}=${v}`).join('&');
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(r.junkHeaders)) if (v !== undefined) headers[k] = v;
        if (r.key === 'valid') headers.authorization = `Bearer ${stack.account.key}`;
        if (r.key === 'garbage') headers.authorization = 'Bearer sk_live_not_a_key';
        if (r.key === 'x-api-key') headers['x-api-key'] = `${stack.account.key}x`;
        let url: URL;
        try {
          url = new URL(`${stack.site}${path}${query ? `?${query}` : ''}`);
        } catch {
          return;
        } // no client can send it
        const hasBody = r.body !== undefined && r.method !== 'GET' && r.method !== 'HEAD';
        const res = await send(stack, `${url.pathname}${url.search}`, { method: r.method, headers, ...(hasBody ? { body: r.body } : {}) });
        sent++;
        const where = `${r.method} ${url.pathname}${url.search} [${r.key}] -> ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, where).toBeLessThan(500);
        const underApi = API_PREFIXES.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`));
        // The sign-up's plain form post is answered with a page for the person at the form.
        const formPage = url.pathname.replace(/\/$/, '') === '/signup' && res.headers.get('content-type')?.startsWith('text/html');
        if (res.status >= 400 && (underApi || res.status === 405) && r.method !== 'HEAD' && !formPage) {
          // A sign-up's invalid fields add each field's message (src/request/api/signup/create-signup-api.ts).
          const keys =
            url.pathname.replace(/\/$/, '') === '/signup' && res.body?.fields ? ['code', 'fields', 'message'] : ['code', 'message'];
          expect(Object.keys(res.body ?? {}).sort(), where).toEqual(keys);
          expect(CODES.has(res.body.code), where).toBe(true);
        }
        const content = endpoints.find(
          (e) =>
            e.api === 'content' && e.methods.includes('GET') && new RegExp(`^${e.pattern.replace(/:\w+/g, '[^/]+')}/?$`).test(url.pathname),
        );
        if (content && (r.method === 'GET' || r.method === 'HEAD') && r.key !== 'valid') expect(res.status, where).toBe(401);
        if (res.status === 301) expect(res.headers.get('location'), where).toMatch(/^\/(?![/\\])/);
      }),
      { numRuns: 3000, seed: Number(process.env.FC_SEED) || undefined },
    );
    expect(sent).toBeGreaterThan(2500);
    const unhandled = errors.mock.calls.filter((c) => String(c[0]).includes('unhandled'));
    expect(unhandled).toEqual([]);
  }, 600_000);
});

describe('empty path segments', () => {
  it('name nothing: any API path with `//` inside is a JSON 404, never another route', async () => {
    expect((await send(stack, '/v1/projects//', { headers: { authorization: `Bearer ${stack.account.key}` } })).body).toEqual({
      code: 'not_found',
      message: expect.any(String),
    });
    // Endpoints under their API's root (the MCP server cards live under /.well-known, where `//` is the site's 404).
    const apiPath = fc.constantFrom(
      ...endpoints
        .filter((e) => e.methods.includes('GET') && e.pattern.startsWith(`${API_ROOTS[e.api]}/`))
        .map((e) => e.pattern.replace(/:slug/g, 'canonical-url')),
    );
    await fc.assert(
      fc.asyncProperty(apiPath, fc.nat(), fc.boolean(), async (path, at, trailing) => {
        const parts = path.split('/');
        // After the API's root (`/api//v1` is under no API root, so it is the site's 404).
        const root = path.startsWith('/api/v1') ? 3 : 2;
        const i = root + (at % (parts.length - root));
        const broken = [...parts.slice(0, i), '', ...parts.slice(i)].join('/') + (trailing ? '/' : '');
        const res = await send(stack, broken, { headers: { authorization: `Bearer ${stack.account.key}` } });
        expect(res.status, broken).toBe(404);
        expect(res.body?.code, broken).toBe('not_found');
      }),
      { numRuns: 200 },
    );
  });
});
