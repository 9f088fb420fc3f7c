// The detail cache of GET /v1/articles/:slug (create-content-api.ts, the list cache's rule): a cached answer is the
// same response as an uncached one; any article write from another connection shows on the very next request;
// authorization, the project checks and the rate limit run before it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, articleInput, bearer, fixture, openTestStore, type TestStore } from './helpers.ts';
import type { Store } from '../../src/store/open-store.ts';
import { publishArticle, updateArticleState } from '../../src/store/repos/articles.ts';
import { revokeKeys } from '../../src/store/repos/accounts.ts';
import { setProjectApi } from '../../src/store/repos/projects.ts';
import { createListCache } from '../../src/request/api/content/list-cache.ts';

const BIG = { list: { hour: 100_000, day: 100_000 }, detail: { hour: 100_000, day: 100_000 } };
const MB = 1024 * 1024;

let t: TestStore;
let other: Store;
beforeAll(async () => {
  t = await openTestStore();
  other = await t.open();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

function handlers() {
  const cache = createListCache({ maxEntries: 100, maxBytes: MB });
  return {
    cache,
    get: api(t.store, { limits: BIG, detailCache: cache }),
    fresh: api(t.store, { limits: BIG, detailCache: createListCache({ maxEntries: 0, maxBytes: 0 }) }),
  };
}

describe('detail cache', () => {
  it('serves a cached article again: the same body, ETag and headers as an uncached answer, 304 and HEAD alike', async () => {
    const f = await fixture(t.store, 2);
    const { cache, get, fresh } = handlers();
    const path = `/v1/articles/${f.slugs[0]}?projectId=${f.on}`;
    const first = await get(path, bearer(f.key));
    expect(first.status).toBe(200);
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 0, misses: 1 });
    const again = await get(path, bearer(f.key));
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1 });
    const reference = await fresh(path, bearer(f.key));
    for (const res of [again, reference]) {
      expect(res.text).toBe(first.text);
      expect(res.headers.get('etag')).toBe(first.headers.get('etag'));
    }
    for (const h of ['content-type', 'cache-control', 'vary', 'netlify-cdn-cache-control', 'x-robots-tag'])
      expect(again.headers.get(h)).toBe(reference.headers.get(h));
    expect(again.body.data).toMatchObject({ slug: f.slugs[0], metadata: { projectId: f.on, userId: f.id } });
    const notModified = await get(path, { ...bearer(f.key), 'if-none-match': first.headers.get('etag')! });
    expect([notModified.status, notModified.text]).toEqual([304, '']);
    const head = await get(path, bearer(f.key), 'HEAD');
    expect([head.status, head.text, head.headers.get('etag')]).toEqual([200, '', first.headers.get('etag')]);
    expect(cache.stats().hits).toBe(3);
  });

  it('an edit, noindex, unpublish or delete from another connection shows on the very next request', async () => {
    const f = await fixture(t.store, 2);
    const { cache, get, fresh } = handlers();
    const path = `/v1/articles/${f.slugs[1]}?projectId=${f.on}`;
    async function after(change: () => Promise<unknown>) {
      await get(path, bearer(f.key));
      await get(path, bearer(f.key));
      const hits = cache.stats().hits;
      await change();
      const r = await get(path, bearer(f.key));
      expect(cache.stats().hits).toBe(hits);
      const ref = await fresh(path, bearer(f.key));
      expect([r.status, r.text, r.headers.get('x-robots-tag')]).toEqual([ref.status, ref.text, ref.headers.get('x-robots-tag')]);
      return r;
    }
    expect((await after(() => publishArticle(other.sql, f.on, articleInput(f.slugs[1]!, 'Retitled')))).body.data.title).toBe('Retitled');
    const noindex = await after(() => updateArticleState(other.sql, f.on, f.slugs[1]!, { noindex: true }));
    expect([noindex.headers.get('x-robots-tag'), noindex.body.data.noindex]).toEqual(['noindex', true]);
    expect((await get(path, bearer(f.key))).headers.get('x-robots-tag')).toBe('noindex'); // from the cache, header kept
    expect((await after(() => updateArticleState(other.sql, f.on, f.slugs[1]!, { unpublished: true }))).status).toBe(404);
    await updateArticleState(other.sql, f.on, f.slugs[1]!, { unpublished: false });
    expect((await after(() => other.sql`delete from articles where project_id = ${f.on} and slug = ${f.slugs[1]!}`)).status).toBe(404);
  });

  it('another account, a revoked key, a project switched off, the rate limit: all before the cache', async () => {
    const a = await fixture(t.store, 1);
    const b = await fixture(t.store, 1);
    const cache = createListCache({ maxEntries: 100, maxBytes: MB });
    const get = api(t.store, { limits: { ...BIG, detail: { hour: 6, day: 100 } }, detailCache: cache });
    const path = `/v1/articles/${a.slugs[0]}?projectId=${a.on}`;
    expect((await get(path, bearer(a.key))).status).toBe(200);
    expect((await get(path, bearer(a.key))).status).toBe(200);
    const foreign = await get(path, bearer(b.key));
    expect([foreign.status, foreign.body.code]).toEqual([404, 'project_not_found']);
    expect(foreign.text).not.toContain(a.slugs[0]);
    expect((await get(path, bearer('sk_live_not_a_key'))).status).toBe(401);
    await setProjectApi(other.sql, a.on, false);
    const off = await get(path, bearer(a.key));
    expect([off.status, off.body.code]).toEqual([403, 'project_api_disabled']);
    await setProjectApi(other.sql, a.on, true);
    const last = await get(path, bearer(a.key)); // the 4th counted request of a (the refused ones count too)
    expect(last.status).toBe(200);
    expect(/"hour";r=(\d+)/.exec(last.headers.get('ratelimit')!)![1]).toBe('2');
    expect((await get(path, bearer(a.key))).status).toBe(200);
    expect((await get(path, bearer(a.key))).status).toBe(200);
    const limited = await get(path, bearer(a.key));
    expect([limited.status, limited.body.code]).toEqual([429, 'rate_limited']);
    expect(cache.stats().hits).toBe(4);
    await revokeKeys(other.sql, a.id);
    expect((await get(path, bearer(a.key))).status).toBe(401);
  });
});
