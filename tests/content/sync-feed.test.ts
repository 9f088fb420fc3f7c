// The sync feed (GET /v1/sync's pure part, src/request/api/content/sync-feed.ts) over a real store: removals, the initial
// sync, cursors bound to a project and signed, expiry, and exactly-once delivery while articles change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleInput, fixture, openTestStore, type TestStore } from './helpers.ts';
import { publishArticle, updateArticleState } from '../../src/store/repos/articles.ts';
import { encodeCursor, syncFeed } from '../../src/request/api/content/sync-feed.ts';
import { syncOwnArticles } from '../../src/model/endpoints/content/sync-own-articles.endpoint.ts';
import { syncPage } from '../../src/model/schemas/sync.ts';
import { pruneSyncChanges } from '../../src/store/repos/sync.ts';
import { migrate } from '../../src/store/migrate.ts';

let t: TestStore;
beforeAll(async () => {
  t = await openTestStore();
});
afterAll(async () => {
  await t?.close();
});

type Fx = Awaited<ReturnType<typeof fixture>>;
const feed = async (f: Fx, q: Record<string, string> = {}, projectId = f.on) => {
  const reply = await syncFeed(t.store.sql, { projectId, accountId: f.id }, syncOwnArticles.query.schema().parse({ projectId, ...q }));
  const body = syncPage.parse(JSON.parse(String(reply.prepared!.body))); // the schema the OpenAPI document and the client are generated from
  return body.data;
};
/** Pages until caught up; returns every item and the last cursor. */
async function drain(f: Fx, cursor?: string, limit = 100, q: Record<string, string> = {}) {
  const items = [];
  for (;;) {
    const page = await feed(f, { ...q, ...(cursor ? { cursor } : {}), limit: String(limit) });
    items.push(...page.items);
    cursor = page.next_cursor;
    if (!page.has_more) return { items, cursor };
  }
}
const brief = (items: { type: string }[]) =>
  items.map((i: any) => (i.type === 'upsert' ? `upsert ${i.article.slug}` : `removed ${i.slug} (${i.reason})`));
const refused = async (p: Promise<unknown>, message: RegExp) => {
  const err = await p.then(
    () => undefined,
    (e) => e,
  );
  expect(err).toMatchObject({ status: 400, code: 'invalid_query' });
  expect(err.message).toMatch(message);
};

describe('sync feed', () => {
  it('knows removals: publish A, B, C; sync; unpublish A, edit B, redirect C; sync from the cursor', async () => {
    const f = await fixture(t.store, 0);
    for (const s of ['a', 'b', 'c']) await publishArticle(t.store.sql, f.on, articleInput(`article-${s}`, `Article ${s}`));
    const first = await drain(f, undefined, 100, { fields: 'card' });
    expect(brief(first.items)).toEqual(['upsert article-a', 'upsert article-b', 'upsert article-c']);
    const [a] = first.items as any[];
    expect(a.article).toEqual({
      id: a.article.id,
      title: 'Article a',
      slug: 'article-a',
      excerpt: 'About Article a',
      type: 'guide',
      reading_time: 4,
      keyword: 'article',
      tags: [],
      published_at: a.article.published_at,
      updated_at: a.article.updated_at,
    });

    const before = new Date();
    await updateArticleState(t.store.sql, f.on, 'article-a', { unpublished: true });
    await publishArticle(t.store.sql, f.on, articleInput('article-b', 'Article b, edited'));
    await updateArticleState(t.store.sql, f.on, 'article-c', { redirect_to: 'https://on.example/elsewhere', redirect_type: 'permanent' });
    const delta = await drain(f, first.cursor);
    expect(brief(delta.items)).toEqual(['removed article-a (unpublished)', 'upsert article-b', 'removed article-c (redirected)']);
    const [ra, ub, rc] = delta.items as any[];
    expect(ra).toEqual({ type: 'removed', id: a.article.id, slug: 'article-a', reason: 'unpublished', at: ra.at });
    expect(new Date(ra.at).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(ub.article.title).toBe('Article b, edited');
    expect(rc.id).toBe((first.items[2] as any).article.id);

    // Caught up: the same cursor comes back with nothing, and stays the same (so the response can be a 304).
    const quiet = await feed(f, { cursor: delta.cursor });
    expect(quiet).toEqual({ items: [], next_cursor: delta.cursor, has_more: false });
  });

  it('mirrors the authenticated list: noindex and retired stay upserts, a re-publish is an upsert, a delete a removal', async () => {
    const f = await fixture(t.store, 3);
    const { cursor } = await drain(f);
    await updateArticleState(t.store.sql, f.on, f.slugs[0]!, { noindex: true });
    await updateArticleState(t.store.sql, f.on, f.slugs[1]!, { retired: true });
    await updateArticleState(t.store.sql, f.on, f.slugs[2]!, { unpublished: true });
    let d = await drain(f, cursor);
    expect(brief(d.items)).toEqual([`upsert ${f.slugs[0]}`, `upsert ${f.slugs[1]}`, `removed ${f.slugs[2]} (unpublished)`]);
    // Changes to an article nobody lists are invisible; a re-publish brings it back as an upsert.
    await updateArticleState(t.store.sql, f.on, f.slugs[2]!, { noindex: true });
    expect((await drain(f, d.cursor)).items).toEqual([]);
    await publishArticle(t.store.sql, f.on, articleInput(f.slugs[2]!, 'Back'));
    d = await drain(f, d.cursor);
    expect(brief(d.items)).toEqual([`upsert ${f.slugs[2]}`]);
    // An article that changes twice between syncs appears once, in its latest state; a no-op update not at all.
    await publishArticle(t.store.sql, f.on, articleInput(f.slugs[0]!, 'Once'));
    await publishArticle(t.store.sql, f.on, articleInput(f.slugs[0]!, 'Twice'));
    await t.store.sql`update articles set title = title where project_id = ${f.on} and slug = ${f.slugs[1]!}`;
    const twice = await drain(f, d.cursor);
    expect(twice.items.map((i: any) => i.article.title)).toEqual(['Twice']);
    // An article published already redirected is a redirect to serve; its later edits are not news, a new target is;
    // a deleted listed article is removed.
    await publishArticle(t.store.sql, f.on, articleInput('born-redirected', 'R', { redirect_to: 'https://on.example/y' }));
    let d2 = await drain(f, twice.cursor);
    expect(brief(d2.items)).toEqual(['removed born-redirected (redirected)']);
    await publishArticle(t.store.sql, f.on, articleInput('born-redirected', 'R, edited'));
    expect((await drain(f, d2.cursor)).items).toEqual([]);
    await updateArticleState(t.store.sql, f.on, 'born-redirected', { redirect_to: 'https://on.example/z' });
    d2 = await drain(f, d2.cursor);
    expect(brief(d2.items)).toEqual(['removed born-redirected (redirected)']);
    // Redirected, then unpublished: the redirect a site serves must go too.
    await updateArticleState(t.store.sql, f.on, 'born-redirected', { unpublished: true });
    d2 = await drain(f, d2.cursor);
    expect(brief(d2.items)).toEqual(['removed born-redirected (unpublished)']);
    await t.store.sql`delete from articles where project_id = ${f.on} and slug = ${f.slugs[1]!}`;
    expect(brief((await drain(f, d2.cursor)).items)).toEqual([`removed ${f.slugs[1]} (unpublished)`]);
  });

  it('starts with the current state: every listed article once, redirects in force, no unpublished removal, in pages', async () => {
    const f = await fixture(t.store, 7);
    await updateArticleState(t.store.sql, f.on, f.slugs[3]!, { unpublished: true });
    await updateArticleState(t.store.sql, f.on, f.slugs[4]!, { redirect_to: 'https://on.example/z' });
    const pages = [];
    let cursor: string | undefined;
    do {
      const p = await feed(f, { ...(cursor ? { cursor } : {}), limit: '2' });
      pages.push(p);
      cursor = p.next_cursor;
    } while (pages.at(-1)!.has_more);
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 2]);
    const items = pages.flatMap((p) => p.items);
    expect(
      items
        .filter((i) => i.type === 'upsert')
        .map((i: any) => i.article.slug)
        .sort(),
    ).toEqual([0, 1, 2, 5, 6].map((i) => f.slugs[i]));
    expect(brief(items.filter((i) => i.type === 'removed'))).toEqual([`removed ${f.slugs[4]} (redirected)`]);
    // A removal while an initial sync is paging is delivered: the client may already hold that article.
    const p1 = await feed(f, { limit: '2' });
    await updateArticleState(t.store.sql, f.on, (p1.items[0] as any).article.slug, { unpublished: true });
    const rest = await drain(f, p1.next_cursor, 2);
    expect(brief(rest.items)).toContain(`removed ${(p1.items[0] as any).article.slug} (unpublished)`);
  });

  it('refuses a cursor of another project, a forged, altered or malformed one, and one past the retention', async () => {
    const f = await fixture(t.store, 2);
    const g = await fixture(t.store, 2);
    const { cursor } = await drain(f);
    // Project Q of another account, and the other project of the same account: both refuse P's cursor.
    await refused(feed(g, { cursor }), /^Query parameter "cursor" is not a valid sync cursor for this project/);
    await refused(feed(f, { cursor }, f.off), /^Query parameter "cursor" is not a valid sync cursor/);
    const raw = Buffer.from(cursor, 'base64url').toString();
    const altered = Buffer.from(raw.replace(/^v1\.\d+/, 'v1.0')).toString('base64url');
    await refused(feed(f, { cursor: altered }), /not a valid sync cursor/);
    for (const bad of ['x', 'djEuMS4yLjM', `${cursor}=`, cursor.slice(0, -1)])
      await refused(feed(f, { cursor: bad }), /not a valid sync cursor/);
    const [{ secret }] = await t.store.sql<{ secret: string }[]>`select secret from sync_secret`;
    const hours = Math.floor(Date.now() / 3_600_000);
    const forged = encodeCursor('not-the-secret', f.on, { after: 0n, skip: 0n, hours });
    await refused(feed(f, { cursor: forged }), /not a valid sync cursor/);
    const old = encodeCursor(secret!, f.on, { after: 0n, skip: 0n, hours: hours - 30 * 24 - 2 });
    await refused(feed(f, { cursor: old }), /^Query parameter "cursor" has expired/);
    const recent = encodeCursor(secret!, f.on, { after: 0n, skip: 0n, hours: hours - 30 * 24 + 1 });
    expect((await feed(f, { cursor: recent })).items).toHaveLength(2);
  });

  it('caps limit at 100, defaults to 100 whole articles, and refuses a bad one', () => {
    expect(syncOwnArticles.query.schema().parse({ projectId: ' p ' })).toEqual({ projectId: 'p', limit: 100, fields: 'article' });
    expect(syncOwnArticles.query.schema().parse({ projectId: 'p', limit: '9999' }).limit).toBe(100);
    expect(syncOwnArticles.query.schema().safeParse({ projectId: 'p', fields: 'body' }).success).toBe(false);
    for (const limit of ['0', '-1', 'x', '1.5'])
      expect(syncOwnArticles.query.schema().safeParse({ projectId: 'p', limit }).success).toBe(false);
    expect(syncOwnArticles.query.schema().safeParse({ projectId: '' }).success).toBe(false);
    expect(syncOwnArticles.query.schema().safeParse({}).success).toBe(false);
  });

  it('prunes unpublished removals past the retention, never upserts or redirects', async () => {
    const f = await fixture(t.store, 3);
    await updateArticleState(t.store.sql, f.on, f.slugs[0]!, { unpublished: true });
    await updateArticleState(t.store.sql, f.on, f.slugs[2]!, { redirect_to: 'https://on.example/r' });
    await t.store.sql`update article_changes set at = now() - interval '32 days' where project_id = ${f.on}`;
    expect(await pruneSyncChanges(t.store.sql)).toBeGreaterThanOrEqual(1);
    const kinds = await t.store.sql`select kind, reason from article_changes where project_id = ${f.on} order by seq`;
    expect(kinds.map((r) => `${r.kind} ${r.reason}`)).toEqual(['upsert null', 'removed redirected']);
  });

  it('backfills the articles stored before migration 006: the listed ones and the redirects in force', async () => {
    const f = await fixture(t.store, 3);
    await updateArticleState(t.store.sql, f.on, f.slugs[1]!, { redirect_to: 'https://on.example/b' });
    await updateArticleState(t.store.sql, f.on, f.slugs[2]!, { unpublished: true });
    await t.store.sql`delete from article_changes where project_id = ${f.on}`;
    // 006 and every later migration run again (007 redefines 006's trigger function: the store must end as it was).
    await t.store.sql`delete from schema_migrations where version >= 6`;
    expect((await migrate(t.store.sql))[0]).toBe('006_sync_feed.sql');
    expect(brief((await drain(f)).items)).toEqual([`upsert ${f.slugs[0]}`, `removed ${f.slugs[1]} (redirected)`]);
  });

  it('never passes a change that has not committed: writers of a project take turns', async () => {
    const f = await fixture(t.store, 2);
    const { cursor } = await drain(f);
    {
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      let firstWrote!: () => void;
      const wrote = new Promise<void>((r) => {
        firstWrote = r;
      });
      // Writer 1 edits article 0 and holds its transaction open; writer 2 then edits article 1.
      const w1 = t.store.sql.begin(async (tx) => {
        await tx`update articles set title = 'w1' where project_id = ${f.on} and slug = ${f.slugs[0]!}`;
        firstWrote();
        await held;
      });
      await wrote;
      let w2Done = false;
      const w2 = publishArticle(t.store.sql, f.on, articleInput(f.slugs[1]!, 'w2')).then(() => {
        w2Done = true;
      });
      await new Promise((r) => setTimeout(r, 300));
      // Writer 2 waits for writer 1 (so it cannot commit a higher seq first), and the reader sees neither.
      expect(w2Done).toBe(false);
      expect(await feed(f, { cursor })).toEqual({ items: [], next_cursor: cursor, has_more: false });
      release();
      await w1;
      await w2;
      expect((await drain(f, cursor)).items.map((i: any) => i.article.title)).toEqual(['w1', 'w2']);
    }
  });

  it('pages while 200 articles are edited concurrently: each change exactly once, none skipped', async () => {
    const f = await fixture(t.store, 0);
    const slugs = Array.from({ length: 200 }, (_, i) => `concurrent-${i}`);
    for (const s of slugs) await publishArticle(t.store.sql, f.on, articleInput(s, `${s} v1`));
    const start = await drain(f);
    expect(start.items).toHaveLength(200);
    // Eight writers edit every article once, in interleaved order, each edit its own transaction.
    let done = false;
    const writers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = w; i < slugs.length; i += 8) await publishArticle(t.store.sql, f.on, articleInput(slugs[i]!, `${slugs[i]} v2`));
    });
    const writing = Promise.all(writers).then(() => {
      done = true;
    });
    const seen: string[] = [];
    let cursor = start.cursor;
    let pages = 0;
    for (;;) {
      const wasDone = done;
      const page = await feed(f, { cursor, limit: '7' });
      pages++;
      seen.push(...page.items.map((i: any) => `${i.article.slug} ${i.article.title}`));
      cursor = page.next_cursor;
      if (!page.has_more && wasDone) break;
    }
    await writing;
    expect(pages).toBeGreaterThan(200 / 7);
    expect(seen.length).toBe(200);
    expect(new Set(seen).size).toBe(200);
    expect(seen.every((s) => s.endsWith(' v2'))).toBe(true);
  });
});
