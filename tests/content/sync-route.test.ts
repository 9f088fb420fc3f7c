// GET /v1/sync through the content API's pipeline (the registry entry that routes it to syncFeed): the same key,
// authorisation order, rate limit bucket, query validation, ETag and caching rules as /v1/articles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, articleInput, bearer, fixture, openTestStore, type TestStore } from './helpers.ts';
import { publishArticle, updateArticleState } from '../../src/store/repos/articles.ts';

let t: TestStore;
let get: ReturnType<typeof api>;
const BIG = { list: { hour: 100_000, day: 100_000 }, detail: { hour: 100_000, day: 100_000 } };
beforeAll(async () => {
  t = await openTestStore();
  get = api(t.store, { limits: BIG });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /v1/sync', () => {
  it('answers the feed with the keyed caching headers, and 304 for a caught-up cursor', async () => {
    const f = await fixture(t.store, 2);
    const r = await get(`/v1/sync?projectId=${f.on}`, bearer(f.key));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(r.headers.get('cache-control')).toBe('public, max-age=60');
    expect(r.headers.get('vary')).toBe('Authorization, X-Api-Key');
    expect(r.body.data.items.map((i: any) => `${i.type} ${i.article.slug}`)).toEqual(f.slugs.map((s) => `upsert ${s}`));
    expect(r.body.data.has_more).toBe(false);
    const cursor = r.body.data.next_cursor;
    const next = await get(`/v1/sync?projectId=${f.on}&cursor=${cursor}`, bearer(f.key));
    expect(next.body).toEqual({ data: { items: [], next_cursor: cursor, has_more: false } });
    const etag = next.headers.get('etag')!;
    expect((await get(`/v1/sync?projectId=${f.on}&cursor=${cursor}`, { ...bearer(f.key), 'if-none-match': etag })).status).toBe(304);
    await updateArticleState(t.store.sql, f.on, f.slugs[0]!, { unpublished: true });
    const changed = await get(`/v1/sync?projectId=${f.on}&cursor=${cursor}`, { ...bearer(f.key), 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body.data.items).toEqual([
      { type: 'removed', id: expect.any(String), slug: f.slugs[0], reason: 'unpublished', at: expect.any(String) },
    ]);
  });

  it("checks key, project and switch in the list endpoints' order, and the query before the store", async () => {
    const f = await fixture(t.store, 1);
    const g = await fixture(t.store, 1);
    expect((await get(`/v1/sync?projectId=${f.on}`)).status).toBe(401);
    expect((await get(`/v1/sync?projectId=${f.on}`, bearer('sk_wrong'))).body.code).toBe('unauthorized');
    expect((await get(`/v1/sync?projectId=${g.on}`, bearer(f.key))).body).toEqual({
      code: 'project_not_found',
      message: 'No such project on this account.',
    });
    expect((await get(`/v1/sync?projectId=${f.off}`, bearer(f.key))).body.code).toBe('project_api_disabled');
    const noProject = await get('/v1/sync', bearer(f.key));
    expect(noProject.status).toBe(400);
    expect(noProject.body.message).toMatch(/^Query parameter "projectId"/);
    expect((await get(`/v1/sync?projectId=${f.on}&limit=0`, bearer(f.key))).body.message).toMatch(/^Query parameter "limit"/);
    expect((await get(`/v1/sync?projectId=${f.on}&limit=99999`, bearer(f.key))).status).toBe(200);
  });

  it('refuses a cursor of another project (400 naming cursor), even one of the same account', async () => {
    const f = await fixture(t.store, 1);
    const g = await fixture(t.store, 1);
    const cursor = (await get(`/v1/sync?projectId=${g.on}`, bearer(g.key))).body.data.next_cursor;
    const r = await get(`/v1/sync?projectId=${f.on}&cursor=${cursor}`, bearer(f.key));
    expect(r.status).toBe(400);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body).toEqual({
      code: 'invalid_query',
      message: 'Query parameter "cursor" is not a valid sync cursor for this project; start a new sync without a cursor.',
    });
    await publishArticle(t.store.sql, f.off, articleInput('elsewhere', 'Elsewhere'));
    await t.store.sql`update projects set api_enabled = true where id = ${f.off}`;
    const own = (await get(`/v1/sync?projectId=${f.on}`, bearer(f.key))).body.data.next_cursor;
    expect((await get(`/v1/sync?projectId=${f.off}&cursor=${own}`, bearer(f.key))).status).toBe(400);
    expect((await get(`/v1/sync?projectId=${f.on}&cursor=not-a-cursor`, bearer(f.key))).body.code).toBe('invalid_query');
    // Numbers out of any column's range, unsigned: refused by the signature before they could reach SQL (was a 500).
    const huge = Buffer.from(`v1.9999999999999999999.9999999999999999999.999999999.${'A'.repeat(43)}`).toString('base64url');
    const r2 = await get(`/v1/sync?projectId=${f.on}&cursor=${huge}`, bearer(f.key));
    expect(r2.status).toBe(400);
    expect(r2.body.message).toMatch(/^Query parameter "cursor" is not a valid sync cursor/);
  });

  it('counts as a list request: it shares the list quota with /v1/projects and /v1/articles', async () => {
    const tight = api(t.store, { limits: { list: { hour: 2, day: 1000 }, detail: BIG.detail } });
    const f = await fixture(t.store, 1);
    expect((await tight(`/v1/articles?projectId=${f.on}`, bearer(f.key))).status).toBe(200);
    expect((await tight(`/v1/sync?projectId=${f.on}`, bearer(f.key))).status).toBe(200);
    const over = await tight(`/v1/sync?projectId=${f.on}`, bearer(f.key));
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('rate_limited');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
