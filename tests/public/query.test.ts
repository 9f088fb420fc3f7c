import { beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from '../helpers/built-site.ts';
import { loadPublicApi } from '../../src/request/api/public/load-public-api.ts';
import type { Catalog } from '../../src/model/catalog/catalog.ts';

// The public function's query handling over the real build: validation, caps, paging, filters (spec 4.1, 7, 8).
let handler: (req: Request) => Promise<Response>;
let catalog: Catalog;
let site: string;
beforeAll(async () => {
  const built = await builtSite();
  ({ handler, catalog } = loadPublicApi(built.distDir));
  site = built.siteUrl;
});
const get = async (path: string) => {
  const res = await handler(new Request(`${site}/api/v1${path}`));
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
};

describe('validation: 400 invalid_query naming the parameter', () => {
  it.each([
    ['/pages?kind=nope', 'kind'],
    ['/pages?kind=Glossary', 'kind'],
    ['/pages?page=0', 'page'],
    ['/pages?page=-1', 'page'],
    ['/pages?page=1.5', 'page'],
    ['/pages?page=x', 'page'],
    ['/pages?page=99999999999999999999', 'page'],
    ['/pages?limit=0', 'limit'],
    ['/pages?limit=abc', 'limit'],
    ['/pages?limit=1e3', 'limit'],
    ['/pages?limit=%2010', 'limit'],
    ['/glossary?full=maybe', 'full'],
    ['/glossary?full=TRUE', 'full'],
    ['/glossary?page=0', 'page'],
    ['/glossary?limit=-5', 'limit'],
    [`/glossary?q=${'x'.repeat(201)}`, 'q'],
    ['/search', 'q'],
    ['/search?q=', 'q'],
    ['/search?q=a', 'q'],
    ['/search?q=%20a%20', 'q'],
    [`/search?q=${'ab '.repeat(70)}`, 'q'],
    ['/search?q=seo&limit=0', 'limit'],
    ['/search?q=seo&limit=ten', 'limit'],
    ['/tools?limit=0', 'limit'],
    ['/glossary/categories?page=zero', 'page'],
    ['/agents?page=0', 'page'],
    ['/features?limit=x', 'limit'],
    ['/comparisons?page=-2', 'page'],
    ['/articles/any-slug?format=pdf', 'format'],
    ['/articles?page=0', 'page'],
  ])('%s names %s', async (path, name) => {
    const { status, body, headers } = await get(path);
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_query');
    expect(body.message).toContain(`"${name}"`);
    expect(Object.keys(body).sort()).toEqual(['code', 'message']);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('echoes a bad value in the message, shortened, as JSON text', async () => {
    const { body } = await get(`/pages?kind=${'<b>'.repeat(40)}`);
    expect(body.message).toMatch(/^Query parameter "kind" must be one of page, resource, .* \(got "(<b>)+…"\)\.$/);
    expect(body.message.length).toBeLessThan(260);
  });

  it('ignores unknown parameters and treats an empty value as absent', async () => {
    expect((await get('/pages?utm_source=x&foo=')).body).toEqual((await get('/pages')).body);
    expect((await get('/pages?limit=&page=')).body.data.pagination).toMatchObject({ page: 1, limit: 50 });
    expect((await get('/glossary?full=')).body).toEqual((await get('/glossary')).body);
  });
});

describe('caps: a limit above the cap is capped, not refused', () => {
  it.each([
    ['/pages?limit=500', 200],
    ['/pages?limit=201', 200],
    ['/pages?limit=200', 200],
    ['/glossary?limit=100000', 200],
    ['/tools?limit=1000', 200],
    ['/glossary/categories?limit=201', 200],
  ])('%s has limit %i', async (path, limit) => {
    const { status, body } = await get(path);
    expect(status).toBe(200);
    expect(body.data.pagination.limit).toBe(limit);
    expect(body.data.items.length).toBeLessThanOrEqual(limit);
  });

  it('caps search at 100 and defaults it to 20', async () => {
    const broad = await get('/search?q=se&limit=1000');
    expect(broad.status).toBe(200);
    expect(broad.body.data.total).toBeGreaterThan(20);
    expect(broad.body.data.items.length).toBe(Math.min(100, broad.body.data.total));
    expect((await get('/search?q=se')).body.data.items.length).toBe(Math.min(20, broad.body.data.total));
  });

  it('defaults pages and glossary to 50, and the unpaginated lists to the whole list', async () => {
    expect((await get('/pages')).body.data.pagination).toMatchObject({ page: 1, limit: 50, total: catalog.pages.length });
    expect((await get('/glossary')).body.data.pagination).toMatchObject({ page: 1, limit: 50, total: catalog.terms.length });
    for (const [path, items] of [
      ['/tools', catalog.tools],
      ['/agents', catalog.agents],
      ['/features', catalog.features],
      ['/comparisons', catalog.comparisons],
      ['/glossary/categories', catalog.categories],
    ] as const) {
      const { body } = await get(path);
      expect(body.data.items).toHaveLength(items.length);
      expect(body.data.pagination).toEqual({ page: 1, limit: items.length, total: items.length, total_pages: 1, has_more: false });
    }
  });
});

describe('paging arithmetic', () => {
  it('walks every page of /pages exactly once, in catalog order', async () => {
    const limit = 7;
    const first = (await get(`/pages?limit=${limit}`)).body.data.pagination;
    expect(first.total_pages).toBe(Math.ceil(catalog.pages.length / limit));
    const seen: string[] = [];
    for (let page = 1; page <= first.total_pages; page++) {
      const { items, pagination } = (await get(`/pages?limit=${limit}&page=${page}`)).body.data;
      expect(pagination).toEqual({
        page,
        limit,
        total: catalog.pages.length,
        total_pages: first.total_pages,
        has_more: page < first.total_pages,
      });
      seen.push(...items.map((p: { path: string }) => p.path));
    }
    expect(seen).toEqual(catalog.pages.map((p) => p.path));
  });

  it('answers past the last page with no items and has_more false', async () => {
    const { status, body } = await get('/pages?limit=10&page=9999');
    expect(status).toBe(200);
    expect(body.data.items).toEqual([]);
    expect(body.data.pagination).toEqual({
      page: 9999,
      limit: 10,
      total: catalog.pages.length,
      total_pages: Math.ceil(catalog.pages.length / 10),
      has_more: false,
    });
    expect((await get('/tools?page=2')).body.data).toMatchObject({ items: [], pagination: { has_more: false } });
  });

  it('pages an unpaginated list when asked', async () => {
    const { items, pagination } = (await get('/tools?limit=3&page=2')).body.data;
    expect(items.map((t: { slug: string }) => t.slug)).toEqual(catalog.tools.slice(3, 6).map((t) => t.slug));
    expect(pagination).toEqual({
      page: 2,
      limit: 3,
      total: catalog.tools.length,
      total_pages: Math.ceil(catalog.tools.length / 3),
      has_more: 6 < catalog.tools.length,
    });
  });
});

describe('filters', () => {
  it('pages?kind keeps only that kind, and an unrepresented kind is an empty list', async () => {
    for (const kind of ['glossary', 'tool', 'agent', 'page']) {
      const { items, pagination } = (await get(`/pages?kind=${kind}&limit=200`)).body.data;
      const want = catalog.pages.filter((p) => p.kind === kind);
      expect(items.map((p: { path: string }) => p.path)).toEqual(want.map((p) => p.path));
      expect(pagination.total).toBe(want.length);
    }
  });

  it('glossary?q is a case-insensitive substring of the title or the definition', async () => {
    const term = catalog.terms[3]!;
    const needle = term.title.slice(1, 5).toUpperCase();
    const { items } = (await get(`/glossary?limit=200&q=${encodeURIComponent(needle)}`)).body.data;
    const want = catalog.terms.filter((t) =>
      `${t.title}\n${t.definition}`
        .toLowerCase()
        .split('\n')
        .some((s) => s.includes(needle.toLowerCase())),
    );
    expect(items.map((t: { slug: string }) => t.slug)).toEqual(want.map((t) => t.slug));
    expect(items.map((t: { slug: string }) => t.slug)).toContain(term.slug);
    // Only in a definition, a substring from the middle of a word.
    const inner = term.definition
      .split(' ')
      .find((w) => w.length > 8)!
      .slice(2, 7);
    expect(
      (await get(`/glossary?limit=200&q=${encodeURIComponent(inner)}`)).body.data.items.map((t: { slug: string }) => t.slug),
    ).toContain(term.slug);
    expect((await get('/glossary?q=zzzqqqxxx')).body.data).toEqual({
      items: [],
      pagination: { page: 1, limit: 50, total: 0, total_pages: 0, has_more: false },
    });
  });

  it('glossary?category filters by category slug and combines with q', async () => {
    const category = catalog.terms[0]!.category;
    const { items } = (await get(`/glossary?category=${category}&limit=200`)).body.data;
    expect(items.map((t: { slug: string }) => t.slug)).toEqual(catalog.terms.filter((t) => t.category === category).map((t) => t.slug));
    expect((await get('/glossary?category=no-such-category')).body.data.items).toEqual([]);
    const both = (await get(`/glossary?category=${category}&q=${encodeURIComponent(catalog.terms[0]!.title)}`)).body.data.items;
    expect(both.map((t: { slug: string }) => t.slug)).toContain(catalog.terms[0]!.slug);
    for (const t of both) expect(t.category).toBe(category);
  });

  it('glossary list items carry sections, key_points and sources only with full=true', async () => {
    const lean = (await get('/glossary?limit=5')).body.data.items;
    for (const t of lean) for (const k of ['sections', 'key_points', 'sources']) expect(t).not.toHaveProperty(k);
    for (const full of ['true', '1']) {
      const items = (await get(`/glossary?limit=5&full=${full}`)).body.data.items;
      expect(items).toEqual(catalog.terms.slice(0, 5));
      for (const t of items) expect(Array.isArray(t.sections) && Array.isArray(t.key_points) && Array.isArray(t.sources)).toBe(true);
    }
    expect((await get('/glossary?limit=5&full=false')).body.data.items).toEqual(lean);
  });
});

describe('/search', () => {
  it('answers the search envelope with Page fields and a score, best first', async () => {
    const { status, body } = await get('/search?q=Crawl%20Budget');
    expect(status).toBe(200);
    expect(Object.keys(body.data)).toEqual(['query', 'total', 'items']);
    expect(body.data.query).toBe('Crawl Budget');
    const top = body.data.items[0];
    const page = catalog.pages.find((p) => p.path === top.path)!;
    expect(top).toEqual({ ...page, score: top.score });
    expect(top.title.toLowerCase()).toContain('crawl budget');
    for (let i = 1; i < body.data.items.length; i++) expect(body.data.items[i - 1].score).toBeGreaterThanOrEqual(body.data.items[i].score);
  });

  it('finds nothing for a typo, and folds case and diacritics', async () => {
    expect((await get('/search?q=crawk%20budgte')).body.data).toEqual({ query: 'crawk budgte', total: 0, items: [] });
    expect((await get('/search?q=CR%C3%80WL')).body.data.total).toBe((await get('/search?q=crawl')).body.data.total);
  });

  it('does not search blog articles or page bodies: every hit is a catalog page whose title or description holds each word', async () => {
    const { items } = (await get('/search?q=search%20engine&limit=100')).body.data;
    expect(items.length).toBeGreaterThan(0);
    for (const it of items) {
      const text = `${it.title} ${it.description}`.toLowerCase();
      expect(text).toMatch(/\bsearch/);
      expect(text).toMatch(/\bengine/);
      expect(it.path.startsWith('/blog/')).toBe(false);
    }
  });
});
