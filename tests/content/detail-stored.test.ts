// GET /v1/articles/:slug answers byte for byte what the handler always made from the article's row, whether the answer
// comes from the store (migration 010) or from the row: the same text, ETag, x-robots-tag, 304 and HEAD, for every
// way an article is written (publish, state change, field update, plain SQL), and for the account that owns it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, articleInput, bearer, fixture, openTestStore, type TestStore } from './helpers.ts';
import type { Store } from '../../src/store/open-store.ts';
import { publishArticle, updateArticleState } from '../../src/store/repos/articles.ts';
import { updateArticleFields } from '../../src/store/repos/article-fields.ts';
import { toOwnArticle } from '../../src/store/serialize-article.ts';
import { strongEtag } from '../../src/model/core/etag.ts';
import type { ArticleRow } from '../../src/store/article-rows.ts';
import { createListCache } from '../../src/request/api/content/list-cache.ts';
import { detailAnswersOf } from '../../src/store/repos/detail-answers.ts';

const BIG = { list: { hour: 100_000, day: 100_000 }, detail: { hour: 100_000, day: 100_000 } };

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

/** The answer as the handler made it before stored answers: from the whole row, serialised per request. */
async function fromRow(projectId: string, slug: string, accountId: string) {
  const [row] = await t.store.sql<ArticleRow[]>`select * from articles where project_id = ${projectId} and slug = ${slug}`;
  const text = `${JSON.stringify({ data: toOwnArticle(row!, accountId) })}\n`;
  return { text, etag: strongEtag(Buffer.from(text)), robots: row!.noindex ? 'noindex' : null };
}

describe('detail answers, stored or made from the row', () => {
  it('are byte-identical to the answer made from the row, with the same ETag, 304, HEAD and x-robots-tag, after every kind of write', async () => {
    const f = await fixture(t.store, 2);
    const slug = f.slugs[0]!;
    const path = `/v1/articles/${slug}?projectId=${f.on}`;
    // No in-process cache: every request goes to the access check's answer.
    const get = api(t.store, { limits: BIG, detailCache: createListCache({ maxEntries: 0, maxBytes: 0 }) });
    const check = async () => {
      await detailAnswersOf(t.store.sql).settled();
      for (let i = 0; i < 2; i++) {
        // The first after a write may come from the row (and store its answer), the second from the store.
        const r = await get(path, bearer(f.key));
        const ref = await fromRow(f.on, slug, f.id);
        expect([r.status, r.text, r.headers.get('etag'), r.headers.get('x-robots-tag')]).toEqual([200, ref.text, ref.etag, ref.robots]);
        const nm = await get(path, { ...bearer(f.key), 'if-none-match': ref.etag });
        expect([nm.status, nm.text, nm.headers.get('etag')]).toEqual([304, '', ref.etag]);
        const head = await get(path, bearer(f.key), 'HEAD');
        expect([head.status, head.text, head.headers.get('etag')]).toEqual([200, '', ref.etag]);
        await detailAnswersOf(t.store.sql).settled();
      }
    };
    await check();
    await publishArticle(other.sql, f.on, articleInput(slug, 'Republished', { tags: ['a', 'b'] }));
    await check();
    await updateArticleState(other.sql, f.on, slug, { noindex: true });
    await check();
    await updateArticleFields(other.sql, f.on, slug, { excerpt: 'Edited “in place” — with UTF-8 ✓' });
    await check();
    await other.sql`update articles set title = 'By plain SQL' where project_id = ${f.on} and slug = ${slug}`;
    await check();
    await other.sql`update articles set redirect_to = '/elsewhere/', redirect_type = 'permanent' where project_id = ${f.on} and slug = ${slug}`;
    await check();
    await updateArticleState(other.sql, f.on, slug, { unpublished: true });
    const gone = await get(path, bearer(f.key));
    expect([gone.status, gone.body.code]).toEqual([404, 'not_found']);
    await updateArticleState(other.sql, f.on, slug, { unpublished: false });
    await check();
  });

  it('come from the store when the article has a current answer: the row is not serialised again', async () => {
    const f = await fixture(t.store, 1);
    const slug = f.slugs[0]!;
    const get = api(t.store, { limits: BIG, detailCache: createListCache({ maxEntries: 0, maxBytes: 0 }) });
    // A stand-in stored answer, current by row version, stamp and account, of the answer's shape (the test API checks
    // answers against their schema) but with a title the row does not have: what the API hands out is the stored text.
    const [stand] = await t.store.sql<{ body: string }[]>`update article_answers
      set body = jsonb_set(body::jsonb, '{data,title}', '"Stored, not serialised"')::text || chr(10), etag = '"stored"'
      where article_id = (select id from articles where project_id = ${f.on} and slug = ${slug}) returning body`;
    const r = await get(`/v1/articles/${slug}?projectId=${f.on}`, bearer(f.key));
    expect([r.status, r.text, r.headers.get('etag')]).toEqual([200, stand!.body, '"stored"']);
    expect(r.body.data.title).toBe('Stored, not serialised');
    // Any write of the article makes the row's answer again.
    await updateArticleState(t.store.sql, f.on, slug, { noindex: false });
    const ref = await fromRow(f.on, slug, f.id);
    expect((await get(`/v1/articles/${slug}?projectId=${f.on}`, bearer(f.key))).text).toBe(ref.text);
  });

  it.each([
    ['without', 0],
    ['with', 100],
  ])(
    'name the account that owns the project, also after the project moved to another account (%s the detail cache)',
    async (_, entries) => {
      const f = await fixture(t.store, 1);
      const g = await fixture(t.store, 0);
      const slug = f.slugs[0]!;
      const get = api(t.store, { limits: BIG, detailCache: createListCache({ maxEntries: entries, maxBytes: 1024 * 1024 }) });
      expect((await get(`/v1/articles/${slug}?projectId=${f.on}`, bearer(f.key))).body.data.metadata.userId).toBe(f.id);
      expect((await get(`/v1/articles/${slug}?projectId=${f.on}`, bearer(f.key))).body.data.metadata.userId).toBe(f.id);
      await t.store.sql`update projects set account_id = ${g.id} where id = ${f.on}`;
      expect((await get(`/v1/articles/${slug}?projectId=${f.on}`, bearer(f.key))).body.code).toBe('project_not_found');
      for (let i = 0; i < 2; i++) {
        const r = await get(`/v1/articles/${slug}?projectId=${f.on}`, bearer(g.key));
        const ref = await fromRow(f.on, slug, g.id);
        expect([r.status, r.text, r.headers.get('etag')]).toEqual([200, ref.text, ref.etag]);
        await detailAnswersOf(t.store.sql).settled();
      }
    },
  );
});
