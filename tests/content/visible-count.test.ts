// projects.visible_articles (migration 003) is the list's `pagination.total` when no updatedSince is given:
// it must equal the count of listed articles (not unpublished, not redirected) after every kind of write,
// under concurrent writers, after the migration's backfill, and as the API reports it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, articleInput, bearer, fixture, openTestStore, type TestStore } from './helpers.ts';
import { publishArticle, updateArticleState } from '../../src/store/repos/articles.ts';
import { migrate } from '../../src/store/migrate.ts';

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

async function counts(projectId: string) {
  const [row] = await t.store.sql<{ kept: number; actual: number }[]>`
    select (select visible_articles from projects where id = ${projectId}) as kept,
      (select count(*)::int from articles where project_id = ${projectId} and not unpublished and redirect_to is null) as actual`;
  return row!;
}

/** The kept count, checked against a real count and against the API's total. */
async function total(f: { key: string; on: string }) {
  const { kept, actual } = await counts(f.on);
  expect(kept).toBe(actual);
  const r = await get(`/v1/articles?projectId=${f.on}&limit=1`, bearer(f.key));
  expect(r.status).toBe(200);
  expect(r.body.data.pagination.total).toBe(actual);
  return kept;
}

describe('visible article count', () => {
  it('follows every state change: publish, edit, unpublish, republish, redirect, retire, noindex, delete, bulk insert', async () => {
    const f = await fixture(t.store, 3);
    expect(await total(f)).toBe(3);
    await publishArticle(t.store.sql, f.on, articleInput('fresh', 'Fresh'));
    expect(await total(f)).toBe(4);
    await publishArticle(t.store.sql, f.on, articleInput('fresh', 'Fresh, edited'));
    expect(await total(f)).toBe(4);
    await updateArticleState(t.store.sql, f.on, 'fresh', { unpublished: true });
    expect(await total(f)).toBe(3);
    await updateArticleState(t.store.sql, f.on, 'fresh', { unpublished: true });
    expect(await total(f)).toBe(3);
    await publishArticle(t.store.sql, f.on, articleInput('fresh', 'Fresh again'));
    expect(await total(f)).toBe(4);
    await updateArticleState(t.store.sql, f.on, f.slugs[0]!, { redirect_to: 'https://on.example/x', redirect_type: 'permanent' });
    expect(await total(f)).toBe(3);
    // Unpublishing a redirected article changes nothing listed; clearing the redirect brings it back only once published.
    await updateArticleState(t.store.sql, f.on, f.slugs[0]!, { unpublished: true });
    expect(await total(f)).toBe(3);
    await updateArticleState(t.store.sql, f.on, f.slugs[0]!, { redirect_to: null, redirect_type: null });
    expect(await total(f)).toBe(3);
    await updateArticleState(t.store.sql, f.on, f.slugs[0]!, { unpublished: false });
    expect(await total(f)).toBe(4);
    // Retired and noindex articles stay in the authenticated list.
    await updateArticleState(t.store.sql, f.on, f.slugs[1]!, { retired: true });
    await updateArticleState(t.store.sql, f.on, f.slugs[2]!, { noindex: true });
    expect(await total(f)).toBe(4);
    // A publish file can carry a redirect: the upsert path counts it as not listed.
    await publishArticle(t.store.sql, f.on, articleInput('born-redirected', 'R', { redirect_to: 'https://on.example/y' }));
    expect(await total(f)).toBe(4);
    await t.store.sql`delete from articles where project_id = ${f.on} and slug = ${f.slugs[1]!}`;
    expect(await total(f)).toBe(3);
    // One statement touching many rows (as the benchmark seeds), some of them not listed.
    await t.store.sql`insert into articles (id, project_id, slug, title, content_html, unpublished)
      select 'art_bulk_' || ${f.on} || i, ${f.on}, 'bulk-' || i, 'Bulk ' || i, '<p>b</p>', i % 4 = 0 from generate_series(1, 40) i`;
    expect(await total(f)).toBe(33);
    await t.store.sql`update articles set unpublished = not unpublished where project_id = ${f.on} and slug like 'bulk-%'`;
    expect(await total(f)).toBe(13);
    // Other projects are untouched throughout.
    expect((await counts(f.off)).kept).toBe(0);
  });

  it('stays exact under concurrent publishes and state changes to one project', async () => {
    const f = await fixture(t.store, 0);
    const slugs = Array.from({ length: 60 }, (_, i) => `c-${i}`);
    await Promise.all(slugs.map((s) => publishArticle(t.store.sql, f.on, articleInput(s, s))));
    expect(await total(f)).toBe(60);
    // Concurrent: new publishes, unpublishes of half the existing ones, redirects of some, edits of the rest.
    await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => publishArticle(t.store.sql, f.on, articleInput(`n-${i}`, `n ${i}`))),
      ...slugs.slice(0, 20).map((s) => updateArticleState(t.store.sql, f.on, s, { unpublished: true })),
      ...slugs.slice(20, 30).map((s) => updateArticleState(t.store.sql, f.on, s, { redirect_to: 'https://on.example/z' })),
      ...slugs.slice(30).map((s) => publishArticle(t.store.sql, f.on, articleInput(s, `${s} edited`))),
    ]);
    expect(await total(f)).toBe(60 + 30 - 20 - 10);
  });

  it("the total is the page statement's own: past the end, and counted when updatedSince filters", async () => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    const f = await fixture(t.store, 5, (i) => ({ published: new Date(base + i * 3_600_000), updated: new Date(base + i * 3_600_000) }));
    const past = await get(`/v1/articles?projectId=${f.on}&page=4&limit=2`, bearer(f.key));
    expect(past.body.data).toEqual({ items: [], pagination: { page: 4, limit: 2, total: 5, total_pages: 3, has_more: false } });
    const since = await get(`/v1/articles?projectId=${f.on}&updatedSince=2026-01-01T02:00:00Z&limit=2`, bearer(f.key));
    expect(since.body.data.pagination).toEqual({ page: 1, limit: 2, total: 3, total_pages: 2, has_more: true });
    expect(since.body.data.items.map((c: { slug: string }) => c.slug)).toEqual(['post-004', 'post-003']);
    const none = await get(`/v1/articles?projectId=${f.off}`, bearer(f.key));
    expect(none.status).toBe(403);
    const empty = await fixture(t.store, 0);
    expect((await get(`/v1/articles?projectId=${empty.on}`, bearer(empty.key))).body.data).toEqual({
      items: [],
      pagination: { page: 1, limit: 20, total: 0, total_pages: 0, has_more: false },
    });
  });

  it('is backfilled by the migration, which is safe to apply again', async () => {
    const f = await fixture(t.store, 4);
    await updateArticleState(t.store.sql, f.on, f.slugs[0]!, { unpublished: true });
    // As if the articles predated migration 003: wrong counts, migration not recorded.
    await t.store.sql`update projects set visible_articles = 99`;
    // 004 re-defines 003's trigger function (to bump articles_version too), so both are re-applied, in order.
    await t.store.sql`delete from schema_migrations where version in (3, 4)`;
    expect(await migrate(t.store.sql)).toEqual(['003_visible_article_count.sql', '004_articles_version.sql']);
    expect(await total(f)).toBe(3);
    expect((await counts(f.off)).kept).toBe(0);
    // Re-applied over itself, the triggers are not doubled.
    await t.store.sql`delete from schema_migrations where version in (3, 4)`;
    await migrate(t.store.sql);
    await publishArticle(t.store.sql, f.on, articleInput('after', 'After'));
    expect(await total(f)).toBe(4);
  });

  it('a truncate of articles resets every count', async () => {
    const f = await fixture(t.store, 2);
    await t.store.sql`truncate articles cascade`;
    expect(await total(f)).toBe(0);
  });
});
