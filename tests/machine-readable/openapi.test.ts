import { beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { parse } from 'yaml';
import { endpoints } from '../../src/model/endpoints/registry.ts';
import { limitsFrom } from '../../src/request/api/content/limits.ts';
import { readConfig } from '../../src/model/config.ts';

/** The registry as the routes these tests walk: pattern, API and static file. */
const routes = endpoints.map((e) => ({ pattern: e.pattern, api: e.api, file: e.static?.file }));
import { createPublicApi } from '../../src/request/api/public/create-public-api.ts';
import type { ArticleSource } from '../../src/request/api/public/article-source.ts';
import { ERROR_CODES } from '../../src/request/machine/openapi/components.ts';
import { openApiPath } from '../../src/request/machine/openapi/operations.ts';
import { responseValidator } from './openapi-validator.ts';
import { siteOrigin } from './site-origin.ts';
import { COLLECTIONS } from '../../src/model/catalog/collections.ts';
import { textParam } from '../../src/model/endpoints/params.ts';

let site: Awaited<ReturnType<typeof siteOrigin>>;
let doc: any;
let validate: ReturnType<typeof responseValidator>;
beforeAll(async () => {
  site = await siteOrigin();
  doc = JSON.parse((await site.get('/openapi.json')).text);
  validate = responseValidator(doc);
});

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1, version 1.0.0', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.version).toBe('1.0.0');
  });

  it('is the same at /openapi.json, /api/openapi.json and in both YAML files', async () => {
    for (const p of ['/api/openapi.json']) expect(JSON.parse((await site.get(p)).text)).toEqual(doc);
    for (const p of ['/openapi.yaml', '/api/openapi.yaml']) {
      const r = await site.get(p);
      expect(r.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
      expect(parse(r.text)).toEqual(doc);
    }
  });

  it('has every public and content route of the route table, and nothing else', () => {
    // GET routes: the MCP endpoints (JSON-RPC over POST, /mcp and /v1/mcp) are named under x-mcp instead.
    const expected = endpoints
      .filter((e) => (e.api === 'public' || e.api === 'content') && e.methods.includes('GET'))
      .map((e) => openApiPath(e.pattern))
      .sort();
    expect(Object.keys(doc.paths).sort()).toEqual(expected);
  });

  it('declares both security schemes, the webhook, rate-limit and cache headers, and every error code of spec section 7', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.apiKeyHeader).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
    expect(doc.paths['/v1/articles'].get.security).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }]);
    expect(doc.paths['/api/v1/glossary'].get.security).toEqual([]);
    // One webhook per lifecycle event, each body its own schema.
    expect(Object.keys(doc.webhooks)).toEqual(['articlePublished', 'articleUpdated', 'articleUnpublished', 'articleRedirected']);
    expect(doc.webhooks.articlePublished.post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ArticlePublishedEvent',
    });
    expect(doc.components.schemas.ArticleRedirectedEvent.properties.data).toEqual({ $ref: '#/components/schemas/ArticleRemoval' });
    expect(Object.keys(doc.components.headers)).toEqual(
      expect.arrayContaining(['RateLimit-Policy', 'RateLimit', 'Retry-After', 'Cache-Control', 'ETag']),
    );
    expect(doc.paths['/v1/articles'].get.responses['429'].headers['Retry-After']).toBeDefined();
    const codes = new Set(
      JSON.stringify(doc.paths)
        .match(/"enum":\["[a-z_",]+\]/g)!
        .flatMap((m) => JSON.parse(m.slice(7))),
    );
    for (const code of [
      'invalid_query',
      'unauthorized',
      'project_api_disabled',
      'project_not_found',
      'not_found',
      'rate_limited',
      'upstream_unavailable',
    ]) {
      expect(codes, code).toContain(code);
      expect(ERROR_CODES).toContain(code);
    }
  });

  it("states each parameter's default, bounds and enum", () => {
    const param = (path: string, name: string) => doc.paths[path].get.parameters.find((p: { name: string }) => p.name === name).schema;
    // Caps are described, not declared as `maximum`: the schema refuses only what the service refuses.
    expect(param('/api/v1/pages', 'limit')).toMatchObject({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, default: 50 });
    expect(param('/api/v1/pages', 'page')).toEqual(param('/v1/articles', 'page'));
    expect(param('/api/v1/pages', 'kind').enum).toContain('glossary');
    expect(param('/api/v1/search', 'q')).toMatchObject({ type: 'string', minLength: 2 });
    expect(param('/api/v1/search', 'limit')).toMatchObject({ maximum: Number.MAX_SAFE_INTEGER, default: 20 });
    expect(param('/api/v1/articles/{slug}', 'format')).toMatchObject({ enum: ['markdown', 'html', 'both'], default: 'markdown' });
    expect(param('/v1/articles', 'limit')).toMatchObject({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, default: 20 });
    expect(param('/v1/articles', 'sort')).toMatchObject({ enum: ['published_at', 'updated_at', 'title'], default: 'published_at' });
    expect(param('/v1/articles', 'updatedSince')).toMatchObject({ type: 'string', format: 'date-time' });
  });

  it('says that control characters in q and tag are refused, in the words of the refusal, and they are', async () => {
    const refusal = textParam(10).safeParse('a\u0007').error!.issues[0]!.message;
    expect(refusal).toBe('must not contain control characters');
    const described = (path: string, name: string) =>
      doc.paths[path].get.parameters.find((p: { name: string }) => p.name === name).description as string;
    for (const [path, name] of [
      ['/api/v1/search', 'q'],
      ['/api/v1/glossary', 'q'],
      ['/api/v1/articles', 'q'],
      ['/v1/articles', 'tag'],
    ])
      expect(described(path, name), `${path} ${name}`).toContain(`\`${name}\` ${refusal}: any other value is 400 \`invalid_query\`.`);
    const res = await site.get('/api/v1/search?q=ab%07');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({ code: 'invalid_query' });
  });
});

/** A blog with two articles, answering through the ArticleSource interface the public API reads. */
const blog = (fail = false): ArticleSource => {
  const items = [1, 2].map((i) => ({
    id: `art_${i}`,
    title: `Post ${i}`,
    slug: `post-${i}`,
    excerpt: 'About it.',
    type: 'guide',
    reading_time: 4,
    published_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-02T10:00:00Z',
    url: `http://localhost:4321/blog/post-${i}/`,
    markdown_url: `http://localhost:4321/blog/post-${i}.md`,
  }));
  return {
    async list({ page, limit }) {
      if (fail) throw new Error('down');
      return { items: items.slice((page - 1) * limit, page * limit), total: items.length };
    },
    async get(slug) {
      if (fail) throw new Error('down');
      const a = items.find((x) => x.slug === slug);
      return a && { ...a, content_markdown: '# Post', content_html: '<h1>Post</h1>', json_ld: [] };
    },
  };
};

describe('real responses of every public route validate against the document', () => {
  const call = async (handler: (r: Request) => Promise<Response>, path: string) => {
    const res = await handler(new Request(`http://localhost:4321${path}`));
    return { status: res.status, body: JSON.parse(await res.text()) };
  };

  it('answers of every route, with and without parameters', async () => {
    const { catalog } = site;
    const api = createPublicApi({ catalog, index: undefined, articles: blog() });
    const withIndex = site.publicApi;
    const first: Record<string, string> = {
      glossary: catalog.terms[0]!.slug,
      ...Object.fromEntries(COLLECTIONS.map((c) => [c.key, catalog[c.key][0]!.slug])),
      articles: 'post-1',
    };
    const requests: [string, string, (r: Request) => Promise<Response>][] = [];
    for (const route of routes.filter((r) => r.api === 'public')) {
      const base = route.pattern.replace(':slug', first[route.pattern.split('/')[3]!] ?? '');
      const handler = route.pattern === '/api/v1/search' ? withIndex : api;
      requests.push([route.pattern, route.pattern === '/api/v1/search' ? `${base}?q=seo` : base, handler]);
    }
    requests.push(
      ['/api/v1/pages', '/api/v1/pages?kind=glossary&page=2&limit=5', api],
      ['/api/v1/glossary', '/api/v1/glossary?full=true&limit=3', api],
      ['/api/v1/glossary', `/api/v1/glossary?category=${catalog.categories[0]!.slug}&q=a`, api],
      ['/api/v1/tools', '/api/v1/tools?limit=2&page=2', api],
      ['/api/v1/articles/:slug', '/api/v1/articles/post-1?format=both', api],
      ['/api/v1/articles/:slug', '/api/v1/articles/post-1?format=html', api],
    );
    expect(requests.length).toBeGreaterThanOrEqual(routes.filter((r) => r.api === 'public').length);
    for (const [pattern, path, handler] of requests) {
      const { status, body } = await call(handler, path);
      expect(status, path).toBe(200);
      expect(validate(pattern, status, body), path).toEqual([]);
    }
  });

  it('errors: 400 invalid_query, 404 not_found and 502 upstream_unavailable', async () => {
    const api = createPublicApi({ catalog: site.catalog, articles: blog(true) });
    const cases: [string, string, number, string][] = [
      ['/api/v1/search', '/api/v1/search?q=a', 400, 'invalid_query'],
      ['/api/v1/pages', '/api/v1/pages?kind=nope', 400, 'invalid_query'],
      ['/api/v1/glossary', '/api/v1/glossary?limit=0', 400, 'invalid_query'],
      ['/api/v1/glossary/:slug', '/api/v1/glossary/no-such-term', 404, 'not_found'],
      ['/api/v1/comparisons/:slug', '/api/v1/comparisons/nope', 404, 'not_found'],
      ['/api/v1/articles', '/api/v1/articles', 502, 'upstream_unavailable'],
      ['/api/v1/articles/:slug', '/api/v1/articles/post-1', 502, 'upstream_unavailable'],
    ];
    for (const [pattern, path, status, code] of cases) {
      const r = await call(api, path);
      expect(r.status, path).toBe(status);
      expect(r.body.code).toBe(code);
      expect(validate(pattern, status, r.body), path).toEqual([]);
    }
  });

  it('the validator refuses a response that breaks the schema', () => {
    expect(validate('/api/v1/agents/:slug', 200, { data: { slug: 'x', name: 'X' } })).not.toEqual([]);
    expect(validate('/api/v1/glossary/:slug', 404, { code: 'unauthorized', message: 'no' })).not.toEqual([]);
  });

  it('defaults and caps the document states are what the handlers do', async () => {
    const api = site.publicApi;
    const cases: [string, string, number][] = [
      ['/api/v1/pages', 'limit', 200],
      ['/api/v1/glossary', 'limit', 200],
      ['/api/v1/search?q=seo', 'limit', 100],
    ];
    for (const [path, name, max] of cases) {
      const pattern = path.split('?')[0]!;
      const schema = doc.paths[pattern].get.parameters.find((p: { name: string }) => p.name === name).schema;
      // A cap is described as a cap: the schema refuses only what the service refuses (past 2^53 - 1).
      expect(schema.maximum).toBe(Number.MAX_SAFE_INTEGER);
      expect(doc.paths[pattern].get.parameters.find((p: { name: string }) => p.name === name).description).toContain(`capped to ${max}`);
      const sep = path.includes('?') ? '&' : '?';
      const plain = await call(api, path);
      const over = await call(api, `${path}${sep}${name}=${max + 1}`);
      const limitOf = (b: any) => b.data.pagination?.limit ?? b.data.items.length;
      if (plain.body.data.pagination) expect(limitOf(plain.body), path).toBe(schema.default);
      if (over.body.data.pagination) expect(limitOf(over.body), path).toBe(max);
    }
  });
});

describe('the OpenAPI text follows the configured limits', () => {
  it('states SKRIBRA_RATE_LIST_HOUR and the others as configured, not as the defaults', async () => {
    const { openApiDocument } = await import('../../src/request/machine/openapi/openapi-document.ts');
    expect(openApiDocument('http://x', limitsFrom(readConfig())).info.description).toContain(
      '300 list requests an hour and 2,000 a day, 600 detail requests an hour and 6,000 a day',
    );
    process.env.SKRIBRA_RATE_LIST_HOUR = '1234';
    try {
      const doc = openApiDocument('http://x', limitsFrom(readConfig()));
      expect(doc.info.description).toContain('1,234 list requests an hour and 2,000 a day');
      // Each keyed operation states its own bucket's limits as configured too.
      const op = (path: string) => (doc.paths[path] as { get: { description: string } }).get.description;
      expect(op('/v1/articles')).toContain('Counts as a list request for the rate limits (1,234 per hour and 2,000 per day per account).');
      expect(op('/v1/articles/{slug}')).toContain('(600 per hour and 6,000 per day per account)');
    } finally {
      delete process.env.SKRIBRA_RATE_LIST_HOUR;
    }
  });
});
