import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, fixture, openTestStore, type TestStore } from './helpers.ts';
import { createAccount, revokeKeys, rotateKey } from '../../src/store/repos/accounts.ts';
import { createProject, setProjectApi } from '../../src/store/repos/projects.ts';
import { publishArticle, updateArticleState } from '../../src/store/repos/articles.ts';
import { articleInput } from './helpers.ts';
import { ownArticle, ownArticleCard } from '../../src/model/schemas/own-article.ts';
import { ownProject } from '../../src/model/schemas/own-project.ts';

let t: TestStore;
let get: ReturnType<typeof api>;
let A: Awaited<ReturnType<typeof fixture>>;
let B: Awaited<ReturnType<typeof fixture>>;
const BIG = { list: { hour: 100_000, day: 100_000 }, detail: { hour: 100_000, day: 100_000 } };

beforeAll(async () => {
  t = await openTestStore();
  get = api(t.store, { limits: BIG });
  const base = Date.parse('2026-01-01T00:00:00Z');
  // 45 articles; published_at collides in groups of three so the id tie-break is exercised.
  A = await fixture(t.store, 45, (i) => ({
    published: new Date(base + Math.floor(i / 3) * 3_600_000),
    updated: new Date(base + Math.floor(i / 3) * 3_600_000),
  }));
  B = await fixture(t.store, 2);
});
afterAll(async () => {
  await t?.close();
});

const expectError = (r: { status: number; body: any }, status: number, code: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body).toMatchObject({ code });
  expect(typeof r.body.message).toBe('string');
};

describe('authentication', () => {
  it('accepts Bearer and X-Api-Key', async () => {
    for (const h of [bearer(A.key), { 'x-api-key': A.key }, { authorization: `bearer   ${A.key}` }]) {
      const r = await get('/v1/projects', h);
      expect(r.status).toBe(200);
      const items = r.body.data.items.map((p: unknown) => ownProject.parse(p));
      expect(items.map((p: any) => [p.id, p.api_enabled])).toEqual([
        [A.on, true],
        [A.off, false],
      ]);
    }
  });

  it('answers 401 unauthorized with WWW-Authenticate for missing, malformed, unknown and revoked keys', async () => {
    const { account_id, api_key } = await createAccount(t.store.sql, 'revoked');
    await revokeKeys(t.store.sql, account_id);
    const forms: Record<string, string>[] = [
      {},
      { authorization: 'Basic abc' },
      bearer('sk_live_nope'),
      { 'x-api-key': '' },
      bearer(api_key),
      { 'x-api-key': api_key },
    ];
    for (const h of forms) {
      for (const path of [
        '/v1/projects',
        `/v1/articles?projectId=${A.on}`,
        `/v1/articles/${A.slugs[0]}?projectId=${A.on}`,
        '/v1/articles?page=0',
      ]) {
        const r = await get(path, h);
        expectError(r, 401, 'unauthorized');
        expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
      }
    }
  });

  it('rotation: the old key stops at once, the new one works', async () => {
    const acc = await createAccount(t.store.sql, 'rotating');
    expect((await get('/v1/projects', bearer(acc.api_key))).status).toBe(200);
    const fresh = (await rotateKey(t.store.sql, acc.account_id))!;
    expectError(await get('/v1/projects', bearer(acc.api_key)), 401, 'unauthorized');
    expect((await get('/v1/projects', bearer(fresh))).status).toBe(200);
  });
});

describe('authorisation and precedence', () => {
  it("400 for a missing projectId, 404 for another account's project, 403 for the switch off", async () => {
    const r = await get('/v1/articles', bearer(A.key));
    expectError(r, 400, 'invalid_query');
    expect(r.body.message).toMatch(/projectId/);
    expectError(await get(`/v1/articles?projectId=${A.off}`, bearer(A.key)), 403, 'project_api_disabled');
    expectError(await get(`/v1/articles?projectId=${B.on}`, bearer(A.key)), 404, 'project_not_found');
    expectError(await get(`/v1/articles?projectId=prj_nope`, bearer(A.key)), 404, 'project_not_found');
    expectError(await get(`/v1/articles/${B.slugs[0]}?projectId=${B.on}`, bearer(A.key)), 404, 'project_not_found');
    expectError(await get(`/v1/articles/${A.slugs[0]}?projectId=${A.off}`, bearer(A.key)), 403, 'project_api_disabled');
    expectError(await get(`/v1/articles/${A.slugs[0]}`, bearer(A.key)), 400, 'invalid_query');
  });

  it("another account's switched-off project is 404, never 403 (no existence leak)", async () => {
    expectError(await get(`/v1/articles?projectId=${B.off}`, bearer(A.key)), 404, 'project_not_found');
  });

  it('a bad parameter is 400 before the project is looked at; the article is 404 last', async () => {
    expectError(await get(`/v1/articles?projectId=${B.on}&page=x`, bearer(A.key)), 400, 'invalid_query');
    expectError(await get(`/v1/articles/nope?projectId=${A.on}`, bearer(A.key)), 404, 'not_found');
  });

  it('switching the API on and off takes effect at once', async () => {
    await setProjectApi(t.store.sql, A.off, true);
    expect((await get(`/v1/articles?projectId=${A.off}`, bearer(A.key))).status).toBe(200);
    await setProjectApi(t.store.sql, A.off, false);
    expectError(await get(`/v1/articles?projectId=${A.off}`, bearer(A.key)), 403, 'project_api_disabled');
  });

  it('isolates accounts: B sees only its own projects and articles', async () => {
    const r = await get('/v1/projects', bearer(B.key));
    expect(r.body.data.items.map((p: any) => p.id).sort()).toEqual([B.on, B.off].sort());
    const l = await get(`/v1/articles?projectId=${B.on}`, bearer(B.key));
    expect(l.body.data.pagination.total).toBe(2);
  });
});

describe('query parameters', () => {
  const bad: [string, string][] = [
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['page=abc', 'page'],
    ['limit=0', 'limit'],
    ['limit=x', 'limit'],
    ['sort=random', 'sort'],
    ['order=up', 'order'],
    ['updatedSince=yesterday', 'updatedSince'],
    ['updatedSince=2026-13-01T00:00:00Z', 'updatedSince'],
  ];
  for (const [q, param] of bad) {
    it(`${q} is 400 invalid_query naming ${param}`, async () => {
      const r = await get(`/v1/articles?projectId=${A.on}&${q}`, bearer(A.key));
      expectError(r, 400, 'invalid_query');
      expect(r.body.message).toContain(param);
    });
  }

  it('limit defaults to 20 and is capped at 100', async () => {
    expect((await get(`/v1/articles?projectId=${A.on}`, bearer(A.key))).body.data.pagination).toEqual({
      page: 1,
      limit: 20,
      total: 45,
      total_pages: 3,
      has_more: true,
    });
    const r = await get(`/v1/articles?projectId=${A.on}&limit=1000`, bearer(A.key));
    expect(r.body.data.pagination).toMatchObject({ limit: 100, total: 45, total_pages: 1, has_more: false });
    expect(r.body.data.items).toHaveLength(45);
  });

  it('a page past the end is empty with the right total', async () => {
    const r = await get(`/v1/articles?projectId=${A.on}&page=9`, bearer(A.key));
    expect(r.body.data.items).toEqual([]);
    expect(r.body.data.pagination).toMatchObject({ page: 9, total: 45, has_more: false });
  });
});

describe('lists', () => {
  const all = async (q: string, limit = 7) => {
    const out: any[] = [];
    for (let page = 1; ; page++) {
      const r = await get(`/v1/articles?projectId=${A.on}&limit=${limit}&page=${page}${q}`, bearer(A.key));
      expect(r.status).toBe(200);
      out.push(...r.body.data.items);
      if (!r.body.data.pagination.has_more) return out;
    }
  };

  it('pages never repeat or skip, even with equal sort keys', async () => {
    const paged = await all('');
    expect(paged).toHaveLength(45);
    expect(new Set(paged.map((c) => c.id)).size).toBe(45);
    const once = (await get(`/v1/articles?projectId=${A.on}&limit=100`, bearer(A.key))).body.data.items;
    expect(paged.map((c) => c.id)).toEqual(once.map((c: any) => c.id));
  });

  it('cards carry the card fields and no body', async () => {
    const items = (await get(`/v1/articles?projectId=${A.on}&limit=3`, bearer(A.key))).body.data.items;
    for (const c of items) {
      ownArticleCard.parse(c);
      expect(c).not.toHaveProperty('content_html');
      expect(c).toMatchObject({ excerpt: expect.any(String), type: 'guide', reading_time: 4, keyword: 'post' });
    }
  });

  for (const sort of ['published_at', 'updated_at', 'title'] as const) {
    for (const order of ['asc', 'desc'] as const) {
      it(`sort=${sort}&order=${order} is ordered with id as the tie-break`, async () => {
        const items = await all(`&sort=${sort}&order=${order}`, 10);
        const key = (c: any) => [sort === 'title' ? c.title : c[sort], c.id] as const;
        const cmp = (x: readonly [string, string], y: readonly [string, string]) =>
          x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0;
        const sorted = [...items].sort((a, b) => cmp(key(a), key(b)) * (order === 'asc' ? 1 : -1));
        if (sort !== 'title') expect(items.map((c) => c.id)).toEqual(sorted.map((c) => c.id));
        else expect(items.map((c) => c.title)).toEqual(sorted.map((c) => c.title)); // collation may order ties differently from JS
        expect(new Set(items.map((c) => c.id)).size).toBe(45);
      });
    }
  }

  it('default order is published_at desc', async () => {
    const d = (await get(`/v1/articles?projectId=${A.on}&limit=100`, bearer(A.key))).body.data.items;
    const e = (await get(`/v1/articles?projectId=${A.on}&limit=100&sort=published_at&order=desc`, bearer(A.key))).body.data.items;
    expect(d).toEqual(e);
  });

  it('updatedSince returns only what was created or edited since then', async () => {
    const f = await fixture(t.store, 5, () => ({ published: new Date('2026-02-01T00:00:00Z'), updated: new Date('2026-02-01T00:00:00Z') }));
    const since = new Date('2026-03-01T00:00:00Z');
    await publishArticle(t.store.sql, f.on, articleInput(f.slugs[2]!, 'Edited'), { updated: new Date('2026-03-02T00:00:00Z') });
    await publishArticle(t.store.sql, f.on, articleInput('brand-new', 'New'), { published: new Date('2026-03-03T00:00:00Z') });
    for (const v of [
      since.toISOString(),
      '2026-03-01T01:00:00+01:00',
      '2026-03-01T01:00:00 01:00',
      encodeURIComponent('2026-03-01T01:00:00+01:00'),
    ]) {
      const r = await get(`/v1/articles?projectId=${f.on}&updatedSince=${v}`, bearer(f.key));
      expect(r.status, v).toBe(200);
      expect(r.body.data.items.map((c: any) => c.slug).sort()).toEqual(['brand-new', f.slugs[2]].sort());
      expect(r.body.data.pagination.total).toBe(2);
    }
  });
});

describe('detail and consolidation', () => {
  let C: Awaited<ReturnType<typeof fixture>>;
  beforeAll(async () => {
    C = await fixture(t.store, 5);
    await updateArticleState(t.store.sql, C.on, C.slugs[0]!, { unpublished: true });
    await updateArticleState(t.store.sql, C.on, C.slugs[1]!, {
      redirect_to: 'https://on.example/blog/post-004',
      redirect_type: 'permanent',
    });
    await updateArticleState(t.store.sql, C.on, C.slugs[2]!, {
      redirect_to: 'https://on.example/blog/post-003',
      redirect_type: 'temporary',
    });
    await updateArticleState(t.store.sql, C.on, C.slugs[3]!, { noindex: true });
  });
  const detail = (slug: string) => get(`/v1/articles/${slug}?projectId=${C.on}`, bearer(C.key));

  it('returns every own-article field with defaults', async () => {
    const r = await detail(C.slugs[4]!);
    expect(r.status).toBe(200);
    const a = ownArticle.parse(r.body.data);
    expect(a).toMatchObject({
      slug: C.slugs[4],
      related_articles: [],
      sources: [],
      json_ld: [],
      metadata: { projectId: C.on, userId: C.id },
    });
    expect(a.content_html).toContain('<p>');
    expect(r.headers.get('x-robots-tag')).toBeNull();
    expect(a.redirect_to).toBeUndefined();
  });

  it('unpublished is 404 not_found and left out of the list', async () => {
    expectError(await detail(C.slugs[0]!), 404, 'not_found');
  });

  it('redirected answers 200 with redirect_to and redirect_type, and is left out of the list', async () => {
    expect((await detail(C.slugs[1]!)).body.data).toMatchObject({
      redirect_to: 'https://on.example/blog/post-004',
      redirect_type: 'permanent',
    });
    expect((await detail(C.slugs[2]!)).body.data).toMatchObject({
      redirect_to: 'https://on.example/blog/post-003',
      redirect_type: 'temporary',
    });
  });

  it('noindex answers 200 with noindex: true and X-Robots-Tag, and stays listed', async () => {
    const r = await detail(C.slugs[3]!);
    expect(r.status).toBe(200);
    expect(r.body.data.noindex).toBe(true);
    expect(r.headers.get('x-robots-tag')).toBe('noindex');
    const list = (await get(`/v1/articles?projectId=${C.on}`, bearer(C.key))).body.data;
    expect(list.items.map((c: any) => c.slug).sort()).toEqual([C.slugs[3], C.slugs[4]].sort());
    expect(list.pagination.total).toBe(2);
  });

  it('publishing an unpublished article again brings it back', async () => {
    const p = await createProject(t.store.sql, { accountId: C.id, name: 'tmp', apiEnabled: true });
    await publishArticle(t.store.sql, p, articleInput('back', 'Back'));
    await updateArticleState(t.store.sql, p, 'back', { unpublished: true });
    expect((await get(`/v1/articles/back?projectId=${p}`, bearer(C.key))).status).toBe(404);
    await publishArticle(t.store.sql, p, articleInput('back', 'Back again'));
    expect((await get(`/v1/articles/back?projectId=${p}`, bearer(C.key))).body.data.title).toBe('Back again');
  });
});

describe('caching and headers', () => {
  it('sends Cache-Control, a strong ETag, Vary and a CDN no-store; no CORS', async () => {
    for (const path of ['/v1/projects', `/v1/articles?projectId=${A.on}`, `/v1/articles/${A.slugs[0]}?projectId=${A.on}`]) {
      const r = await get(path, bearer(A.key));
      expect(r.headers.get('cache-control')).toBe('public, max-age=60');
      expect(r.headers.get('etag')).toMatch(/^"[^"]+"$/);
      expect(r.headers.get('vary')).toBe('Authorization, X-Api-Key');
      expect(r.headers.get('netlify-cdn-cache-control')).toBe('no-store');
      expect(r.headers.get('access-control-allow-origin')).toBeNull();
      expect(r.headers.get('content-type')).toMatch(/application\/json/);
      const again = await get(path, { ...bearer(A.key), 'if-none-match': r.headers.get('etag')! });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(r.headers.get('etag'));
      expect((await get(path, { ...bearer(A.key), 'if-none-match': `"other", W/${r.headers.get('etag')}` })).status).toBe(304);
      expect((await get(path, { ...bearer(A.key), 'if-none-match': '"other"' })).status).toBe(200);
    }
  });

  it('the ETag changes when the article changes', async () => {
    const path = `/v1/articles/${A.slugs[5]}?projectId=${A.on}`;
    const e1 = (await get(path, bearer(A.key))).headers.get('etag')!;
    await publishArticle(t.store.sql, A.on, articleInput(A.slugs[5]!, 'Changed title'));
    const r = await get(path, { ...bearer(A.key), 'if-none-match': e1 });
    expect(r.status).toBe(200);
    expect(r.headers.get('etag')).not.toBe(e1);
  });

  it('errors are not cacheable, no CORS on them either; HEAD has no body; other methods are 405', async () => {
    const r = await get('/v1/projects');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    const h = await get('/v1/projects', bearer(A.key), 'HEAD');
    expect(h.status).toBe(200);
    expect(h.text).toBe('');
    expectError(await get('/v1/projects', bearer(A.key), 'POST'), 405, 'method_not_allowed');
    const o = await get('/v1/projects', {}, 'OPTIONS');
    expect(o.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('keys never appear in logs', async () => {
    const logs: string[] = [];
    const orig = { log: console.log, error: console.error, warn: console.warn };
    for (const k of ['log', 'error', 'warn'] as const)
      console[k] = (...a: unknown[]) => {
        logs.push(a.map(String).join(' '));
      };
    try {
      await get('/v1/projects', bearer(A.key));
      await get('/v1/projects', bearer(`${A.key}x`));
      await get(`/v1/articles?projectId=${A.on}&page=x`, bearer(A.key));
    } finally {
      Object.assign(console, orig);
    }
    expect(logs.join('\n')).not.toContain(A.key);
  });
});
