// The list cache (src/request/api/content/list-cache.ts) and the version it is keyed by (projects.articles_version,
// migration 004): a cached page is the same response as an uncached one; any article write, made through another
// connection as the CLI makes it, is visible on the very next request; authorization, the project checks and rate
// limiting run before the cache; the cache stays within its bounds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { api, articleInput, bearer, fixture, openTestStore, type TestStore } from './helpers.ts';
import type { Store } from '../../src/store/open-store.ts';
import { publishArticle, updateArticleState } from '../../src/store/repos/articles.ts';
import { revokeKeys } from '../../src/store/repos/accounts.ts';
import { setProjectApi } from '../../src/store/repos/projects.ts';
import { migrate } from '../../src/store/migrate.ts';
import { createListCache } from '../../src/request/api/content/list-cache.ts';

const run = promisify(execFile);
const bin = new URL('../../scripts/skribra.mjs', import.meta.url).pathname;
const BIG = { list: { hour: 100_000, day: 100_000 }, detail: { hour: 100_000, day: 100_000 } };
const MB = 1024 * 1024;

let t: TestStore;
/** A second store client with its own pool: what the CLI (another process) writes through. */
let other: Store;
beforeAll(async () => {
  t = await openTestStore();
  other = await t.open();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

/** A cached handler, its cache, and an uncached handler over the same store (the reference answer). */
function handlers(opts: { maxEntries?: number; maxBytes?: number } = {}) {
  const cache = createListCache({ maxEntries: opts.maxEntries ?? 2000, maxBytes: opts.maxBytes ?? 32 * MB });
  return {
    cache,
    get: api(t.store, { limits: BIG, listCache: cache }),
    fresh: api(t.store, { limits: BIG, listCache: createListCache({ maxEntries: 0, maxBytes: 0 }) }),
  };
}

const version = async (projectId: string) =>
  BigInt((await t.store.sql<{ v: string }[]>`select articles_version::text as v from projects where id = ${projectId}`)[0]!.v);

describe('list cache', () => {
  it('serves a cached page again: the same body and ETag as an uncached answer, 304 and HEAD alike', async () => {
    const f = await fixture(t.store, 5);
    const { cache, get, fresh } = handlers();
    const path = `/v1/articles?projectId=${f.on}&limit=2&sort=title&order=asc`;
    const first = await get(path, bearer(f.key));
    expect(first.status).toBe(200);
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 0, misses: 1 });
    const again = await get(path, { 'x-api-key': f.key });
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1 });
    expect(again.text).toBe(first.text);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    const reference = await fresh(path, bearer(f.key));
    expect(reference.text).toBe(first.text);
    expect(reference.headers.get('etag')).toBe(first.headers.get('etag'));
    for (const h of ['content-type', 'cache-control', 'vary', 'netlify-cdn-cache-control'])
      expect(again.headers.get(h)).toBe(reference.headers.get(h));
    expect(again.body.data.items.map((c: { slug: string }) => c.slug)).toHaveLength(2);

    const notModified = await get(path, { ...bearer(f.key), 'if-none-match': first.headers.get('etag')! });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    expect(notModified.headers.get('etag')).toBe(first.headers.get('etag'));
    const head = await get(path, bearer(f.key), 'HEAD');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(cache.stats().hits).toBe(3);

    // The same query spelled differently is the same page: defaults, a capped limit, an offset in updatedSince.
    await get(`/v1/articles?projectId=${f.on}`, bearer(f.key));
    await get(`/v1/articles?projectId=${f.on}&page=1&limit=20&sort=published_at&order=desc`, bearer(f.key));
    await get(`/v1/articles?projectId=${f.on}&limit=100`, bearer(f.key));
    await get(`/v1/articles?projectId=${f.on}&limit=500`, bearer(f.key));
    expect(cache.stats()).toMatchObject({ entries: 3, hits: 5 });
    const since = await get(`/v1/articles?projectId=${f.on}&updatedSince=2026-01-01T02:00:00%2B02:00`, bearer(f.key));
    const sinceZ = await get(`/v1/articles?projectId=${f.on}&updatedSince=2026-01-01T00:00:00Z`, bearer(f.key));
    expect(sinceZ.text).toBe(since.text);
    expect(cache.stats()).toMatchObject({ entries: 4, hits: 6 });
  });

  it('a publish, edit, unpublish, redirect, noindex, retire, delete or bulk change from another process shows on the very next request', async () => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    const f = await fixture(t.store, 6, (i) => ({ published: new Date(base + i * 3_600_000), updated: new Date(base + i * 3_600_000) }));
    const { cache, get, fresh } = handlers();
    const path = `/v1/articles?projectId=${f.on}&limit=3`;
    const sincePath = `/v1/articles?projectId=${f.on}&updatedSince=2026-01-01T03:00:00Z&limit=50`;
    /** Warms the cache (the second request is a hit), applies the change elsewhere, and returns the next answer. */
    async function after(change: () => Promise<unknown>) {
      for (const p of [path, sincePath]) {
        await get(p, bearer(f.key));
        await get(p, bearer(f.key));
      }
      const hits = cache.stats().hits;
      const before = await version(f.on);
      await change();
      expect(await version(f.on)).toBeGreaterThan(before);
      const r = await get(path, bearer(f.key));
      const s = await get(sincePath, bearer(f.key));
      expect(cache.stats().hits).toBe(hits); // both missed: rebuilt, not served stale
      expect(r.text).toBe((await fresh(path, bearer(f.key))).text);
      expect(s.text).toBe((await fresh(sincePath, bearer(f.key))).text);
      return { list: r.body.data, since: s.body.data };
    }
    const slugs = (d: { items: { slug: string }[] }) => d.items.map((c) => c.slug);
    const card = (d: { items: { slug: string }[] }, slug: string) =>
      d.items.find((c) => c.slug === slug) as Record<string, string> | undefined;

    let d = await after(() => publishArticle(other.sql, f.on, articleInput('brand-new', 'Brand new')));
    expect(d.list.pagination.total).toBe(7);
    expect(slugs(d.list)[0]).toBe('brand-new');
    expect(slugs(d.since)).toContain('brand-new');

    d = await after(() => publishArticle(other.sql, f.on, articleInput('post-005', 'Retitled')));
    expect(d.list.pagination.total).toBe(7);
    expect(card(d.list, 'post-005')!.title).toBe('Retitled');

    // Through the real CLI, in its own process.
    d = await after(() =>
      run(process.execPath, [bin, 'article', 'unpublish', '--project', f.on, '--slug', 'brand-new', '--json'], {
        env: { ...process.env, ...t.env },
      }),
    );
    expect(d.list.pagination.total).toBe(6);
    expect(slugs(d.list)).not.toContain('brand-new');
    expect(slugs(d.since)).not.toContain('brand-new');

    d = await after(() =>
      updateArticleState(other.sql, f.on, 'post-005', { redirect_to: 'https://on.example/moved', redirect_type: 'permanent' }),
    );
    expect(d.list.pagination.total).toBe(5);
    expect(slugs(d.list)).toEqual(['post-004', 'post-003', 'post-002']);

    // Retired and noindex articles stay listed; their card's updated_at moves, and the list says so at once.
    const [was4, was3] = [card(d.list, 'post-004')!.updated_at, card(d.list, 'post-003')!.updated_at];
    d = await after(() => updateArticleState(other.sql, f.on, 'post-004', { retired: true }));
    expect(d.list.pagination.total).toBe(5);
    expect(card(d.list, 'post-004')!.updated_at).not.toBe(was4);
    d = await after(() => updateArticleState(other.sql, f.on, 'post-003', { noindex: true }));
    expect(d.list.pagination.total).toBe(5);
    expect(card(d.list, 'post-003')!.updated_at).not.toBe(was3);

    d = await after(() => other.sql`delete from articles where project_id = ${f.on} and slug = 'post-004'`);
    expect(d.list.pagination.total).toBe(4);
    expect(slugs(d.list)).toEqual(['post-003', 'post-002', 'post-001']);

    d = await after(
      () => other.sql`update articles set unpublished = true where project_id = ${f.on} and slug in ('post-003', 'post-002')`,
    );
    expect(d.list.pagination.total).toBe(2);
    expect(slugs(d.list)).toEqual(['post-001', 'post-000']);

    d = await after(
      () => other.sql`insert into articles (id, project_id, slug, title, content_html, published_at, updated_at)
      select 'art_lc_' || i || ${f.on}, ${f.on}, 'bulk-' || i, 'Bulk ' || i, '<p>b</p>', now(), now() from generate_series(1, 3) i`,
    );
    expect(d.list.pagination.total).toBe(5);
    expect(d.since.items).toHaveLength(3);
  });

  it('another account, a revoked key, a project switched off: refused before the cache', async () => {
    const a = await fixture(t.store, 2);
    const b = await fixture(t.store, 2);
    const { cache, get } = handlers();
    const path = `/v1/articles?projectId=${a.on}`;
    expect((await get(path, bearer(a.key))).status).toBe(200);
    expect((await get(path, bearer(a.key))).status).toBe(200);
    const hits = cache.stats().hits;
    const foreign = await get(path, bearer(b.key));
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'project_not_found' });
    expect(foreign.text).not.toContain(a.slugs[0]);
    expect((await get(path, bearer('sk_live_not_a_key'))).status).toBe(401);
    expect((await get(path, {})).status).toBe(401);
    // b's own page of the same query is its own project's.
    const own = await get(`/v1/articles?projectId=${b.on}`, bearer(b.key));
    expect(own.status).toBe(200);

    await setProjectApi(other.sql, a.on, false);
    const off = await get(path, bearer(a.key));
    expect(off.status).toBe(403);
    expect(off.body).toMatchObject({ code: 'project_api_disabled' });
    await setProjectApi(other.sql, a.on, true);
    expect((await get(path, bearer(a.key))).status).toBe(200);

    await revokeKeys(other.sql, a.id);
    const revoked = await get(path, bearer(a.key));
    expect(revoked.status).toBe(401);
    expect(revoked.body).toMatchObject({ code: 'unauthorized' });
    expect(cache.stats().hits).toBe(hits + 1); // only the request after switching back on was served from the cache
  });

  it('cached requests are counted by the rate limit like any other', async () => {
    const f = await fixture(t.store, 2);
    const cache = createListCache({ maxEntries: 100, maxBytes: MB });
    const get = api(t.store, { limits: { list: { hour: 3, day: 100 } }, listCache: cache });
    const path = `/v1/articles?projectId=${f.on}`;
    const r1 = await get(path, bearer(f.key));
    const r2 = await get(path, bearer(f.key));
    const r3 = await get(path, { ...bearer(f.key), 'if-none-match': r1.headers.get('etag')! });
    expect([r1.status, r2.status, r3.status]).toEqual([200, 200, 304]);
    expect([r1, r2, r3].map((r) => /"hour";r=(\d+)/.exec(r.headers.get('ratelimit')!)![1])).toEqual(['2', '1', '0']);
    const r4 = await get(path, bearer(f.key));
    expect(r4.status).toBe(429);
    expect(r4.body).toMatchObject({ code: 'rate_limited' });
    expect(Number(r4.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(cache.stats().hits).toBe(2);
  });

  it('stays within its entry bound in the handler, answering correctly past it', async () => {
    const f = await fixture(t.store, 8);
    const { cache, get, fresh } = handlers({ maxEntries: 3 });
    for (let page = 1; page <= 8; page++) {
      const path = `/v1/articles?projectId=${f.on}&limit=1&page=${page}`;
      const r = await get(path, bearer(f.key));
      expect(r.text).toBe((await fresh(path, bearer(f.key))).text);
      expect(cache.stats().entries).toBeLessThanOrEqual(3);
    }
    expect(cache.stats().entries).toBe(3);
  });
});

describe('createListCache bounds', () => {
  const page = (n: number) => ({ body: 'x'.repeat(n), etag: '"e"' });

  it('evicts the least recently used entry past maxEntries', () => {
    const c = createListCache({ maxEntries: 2, maxBytes: MB });
    c.set('p', '1', 'a', page(1));
    c.set('p', '1', 'b', page(1));
    expect(c.get('p', '1', 'a')).toBeDefined(); // a is now the most recent
    c.set('p', '1', 'c', page(1));
    expect(c.stats().entries).toBe(2);
    expect(c.get('p', '1', 'b')).toBeUndefined();
    expect(c.get('p', '1', 'a')).toBeDefined();
    expect(c.get('p', '1', 'c')).toBeDefined();
  });

  it('keeps total bytes (UTF-8) under maxBytes and refuses a page larger than the bound', () => {
    const c = createListCache({ maxEntries: 100, maxBytes: 100 });
    for (let i = 0; i < 10; i++) {
      c.set('p', '1', `q${i}`, page(30));
      expect(c.stats().bytes).toBeLessThanOrEqual(100);
    }
    expect(c.stats().entries).toBe(3); // 3 x (30 + 3) = 99
    c.set('p', '1', 'big', page(101));
    expect(c.get('p', '1', 'big')).toBeUndefined();
    c.set('p', '1', 'utf8', { body: 'é'.repeat(40), etag: '"e"' }); // 83 bytes, though 40 characters
    expect(c.stats()).toMatchObject({ entries: 1, bytes: 83 });
  });

  it('matches only the exact version; a newer page replaces the slot, an older one never does', () => {
    const c = createListCache({ maxEntries: 10, maxBytes: MB });
    c.set('p', '5', 'q', { body: 'five', etag: '"5"' });
    expect(c.get('p', '4', 'q')).toBeUndefined();
    expect(c.get('p', '6', 'q')).toBeUndefined();
    // Kept as UTF-8 bytes, encoded once, whatever it was given as.
    expect(c.get('p', '5', 'q')?.body).toEqual(Buffer.from('five'));
    expect(c.get('other', '5', 'q')).toBeUndefined();
    c.set('p', '7', 'q', { body: 'seven', etag: '"7"' });
    c.set('p', '6', 'q', { body: 'six', etag: '"6"' }); // a slow request finishing late
    expect(c.get('p', '7', 'q')?.body).toEqual(Buffer.from('seven'));
    expect(c.stats()).toMatchObject({ entries: 1, bytes: 8 });
  });

  it('with admitAfterMisses 2 (the detail cache), a scan keeps and evicts nothing; a slot missed twice is kept', () => {
    const c = createListCache({ maxEntries: 3, maxBytes: MB, admitAfterMisses: 2 });
    const read = (q: string, v = '1') => {
      if (!c.get('p', v, q)) c.set('p', v, q, page(1));
    };
    c.set('p', '1', 'warm', page(1)); // never asked for: not kept
    expect(c.stats().entries).toBe(0);
    for (let i = 0; i < 10; i++) read(`scan${i}`); // a build reading each article once
    expect(c.stats().entries).toBe(0);
    read('hot');
    expect(c.stats().entries).toBe(0);
    read('hot'); // its second miss: kept from now on
    expect(c.get('p', '1', 'hot')).toBeDefined();
    read('hot', '2'); // a newer version replaces its own slot at once
    expect(c.get('p', '2', 'hot')).toBeDefined();
    // A first miss is forgotten once maxEntries other slots have missed since: it counts as new again.
    read('cold');
    for (let i = 0; i < 3; i++) read(`other${i}`);
    read('cold');
    expect(c.get('p', '1', 'cold')).toBeUndefined();
    expect(c.stats().entries).toBe(1);
  });

  it('peek answers a slot at whatever version, counting neither a hit nor a miss and leaving its recency alone', () => {
    const c = createListCache({ maxEntries: 2, maxBytes: MB });
    c.set('p', '3', 'a', { body: 'a', etag: '"a"' });
    c.set('p', '1', 'b', page(1));
    expect(c.peek('p', 'a')).toEqual({ version: '3', page: expect.objectContaining({ body: Buffer.from('a'), etag: '"a"' }) });
    expect(c.peek('p', 'none')).toBeUndefined();
    expect(c.stats()).toMatchObject({ hits: 0, misses: 0 });
    c.set('p', '1', 'c', page(1)); // a is still the least recently used: peek did not make it recent
    expect(c.peek('p', 'a')).toBeUndefined();
    expect(c.peek('p', 'b')?.version).toBe('1');
  });

  it('maxEntries 0 switches it off', () => {
    const c = createListCache({ maxEntries: 0, maxBytes: MB });
    c.set('p', '1', 'q', page(1));
    expect(c.get('p', '1', 'q')).toBeUndefined();
    expect(c.stats().entries).toBe(0);
  });
});

describe('projects.articles_version (migration 004)', () => {
  it("goes up on every statement that writes a project's articles, and only that project's", async () => {
    const f = await fixture(t.store, 2);
    const g = await fixture(t.store, 1);
    const gv = await version(g.on);
    const steps: [string, () => Promise<unknown>][] = [
      ['publish', () => publishArticle(other.sql, f.on, articleInput('v-new', 'V'))],
      ['edit', () => publishArticle(other.sql, f.on, articleInput('v-new', 'V edited'))],
      ['noindex', () => updateArticleState(other.sql, f.on, 'v-new', { noindex: true })],
      ['retire', () => updateArticleState(other.sql, f.on, 'v-new', { retired: true })],
      ['redirect', () => updateArticleState(other.sql, f.on, 'v-new', { redirect_to: 'https://on.example/r' })],
      ['unpublish', () => updateArticleState(other.sql, f.on, f.slugs[0]!, { unpublished: true })],
      ['delete', () => other.sql`delete from articles where project_id = ${f.on} and slug = 'v-new'`],
      ['bulk update', () => other.sql`update articles set title = title || '!' where project_id = ${f.on}`],
    ];
    for (const [name, step] of steps) {
      const before = await version(f.on);
      await step();
      expect(await version(f.on), name).toBe(before + 1n);
    }
    expect(await version(g.on)).toBe(gv);
    // A statement over two projects moves both.
    const [fv, gv2] = [await version(f.on), await version(g.on)];
    await other.sql`update articles set keyword = 'k' where project_id in (${f.on}, ${g.on})`;
    expect([await version(f.on), await version(g.on)]).toEqual([fv + 1n, gv2 + 1n]);
  });

  it('gives concurrent writers distinct versions: one bump per committed write', async () => {
    const f = await fixture(t.store, 0);
    const before = await version(f.on);
    await Promise.all(Array.from({ length: 25 }, (_, i) => publishArticle(other.sql, f.on, articleInput(`cc-${i}`, `cc ${i}`))));
    expect(await version(f.on)).toBe(before + 25n);
  });

  it('is backfilled upwards, so applying the migration again never brings back an old version', async () => {
    const f = await fixture(t.store, 1);
    const before = await version(f.on);
    await t.store.sql`delete from schema_migrations where version = 4`;
    expect(await migrate(t.store.sql)).toEqual(['004_articles_version.sql']);
    const after = await version(f.on);
    expect(after).toBeGreaterThan(before);
    await publishArticle(other.sql, f.on, articleInput('after-004', 'After'));
    expect(await version(f.on)).toBe(after + 1n); // the triggers are not doubled
    const { get, fresh } = handlers();
    const path = `/v1/articles?projectId=${f.on}`;
    expect((await get(path, bearer(f.key))).text).toBe((await fresh(path, bearer(f.key))).text);
  });
});
