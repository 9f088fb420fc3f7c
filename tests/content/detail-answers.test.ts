// The stored detail answers (migration 010, src/store/repos/article-answers.ts and detail-answers.ts): the access check
// hands out an article's stored answer only while it is current (same row version, serialiser
// stamp and account), and that answer is byte for byte what GET /v1/articles/:slug answers from the row (same text,
// same ETag, same x-robots-tag). In every other case the handler reads the row, and its answer is stored again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, articleInput, bearer, fixture, openTestStore, type TestStore } from './helpers.ts';
import { checkAccessBatch } from '../../src/store/repos/access.ts';
import { keyDigest } from '../../src/store/ids.ts';
import { publishArticle, updateArticleState } from '../../src/store/repos/articles.ts';
import { updateArticleFields } from '../../src/store/repos/article-fields.ts';
import { storeArticleAnswers, writeAnswers } from '../../src/store/repos/article-answers.ts';
import { createDetailAnswers, publishedRowOf } from '../../src/store/repos/detail-answers.ts';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { ANSWER_STAMP, answerStamp, ownArticleAnswer } from '../../src/store/own-article-answer.ts';
import { DETAIL_FIELDS, isList } from '../../src/model/schemas/article-fields.ts';
import { jsonBody as apiJsonBody } from '../../src/request/api/http/respond.ts';
import { jsonBody } from '../../src/model/core/json-body.ts';
import { createListCache } from '../../src/request/api/content/list-cache.ts';

const BIG = { list: { hour: 100_000, day: 100_000 }, detail: { hour: 100_000, day: 100_000 } };

let t: TestStore;
beforeAll(async () => {
  t = await openTestStore();
});
afterAll(async () => {
  await t?.close();
});

/** The access check's article for one detail request, reading stored answers. */
async function accessDetail(key: string, projectId: string, slug: string) {
  const [a] = await checkAccessBatch(t.store.sql, keyDigest(key), 'detail', [{ projectId, slug }], new Date(Date.now() + 5000));
  expect(a!.counted).toBe(true);
  return a!.detail;
}

/** What the API answers today, from the row (no cache): text, ETag and x-robots-tag. */
async function reference(key: string, projectId: string, slug: string) {
  const get = api(t.store, { limits: BIG, detailCache: createListCache({ maxEntries: 0, maxBytes: 0 }) });
  const r = await get(`/v1/articles/${slug}?projectId=${projectId}`, bearer(key));
  expect(r.status).toBe(200);
  return { text: r.text, etag: r.headers.get('etag'), robots: r.headers.get('x-robots-tag') };
}

const storedOf = async (id: string) =>
  (
    await t.store.sql<
      { stamp: string; body: string; etag: string }[]
    >`select stamp, body, etag from article_answers where article_id = ${id}`
  )[0];

describe('stored detail answers', () => {
  it("the JSON text of an answer is the API's own (one function, core/json-body.ts)", () => {
    for (const v of [{ data: { a: 'é', b: [1, null], c: '</script>' } }, { data: {} }]) expect(jsonBody(v)).toBe(apiJsonBody(v));
  });

  it('the serialiser stamp follows the field declaration: a detail field added, dropped, moved or made a list changes it', () => {
    const fields = DETAIL_FIELDS.map((k) => [k, isList(k)] as const);
    expect(answerStamp(1, fields)).toBe(ANSWER_STAMP);
    const variants = [
      answerStamp(2, fields),
      answerStamp(1, [...fields, ['new_field', false] as const]),
      answerStamp(1, fields.slice(1)),
      answerStamp(1, [fields[1]!, fields[0]!, ...fields.slice(2)]),
      answerStamp(
        1,
        fields.map(([k, l], i) => [k, i === 0 ? !l : l] as const),
      ),
    ];
    expect(new Set([ANSWER_STAMP, ...variants]).size).toBe(variants.length + 1);
  });

  it("a publish stores the answer: the access check hands it out, byte-identical to the API's answer from the row, with its ETag", async () => {
    const f = await fixture(t.store, 2);
    const d = await accessDetail(f.key, f.on, f.slugs[0]!);
    const ref = await reference(f.key, f.on, f.slugs[0]!);
    expect(d).toEqual({ id: d!.id, unpublished: false, noindex: false, answer: { text: ref.text, etag: ref.etag } });
    const answers = createDetailAnswers(t.store.sql);
    expect(await answers.answerOf(d!, f.on, f.id)).toEqual({ text: ref.text, etag: ref.etag });
    expect((await storedOf(d!.id))!.stamp).toBe(ANSWER_STAMP);
  });

  it('noindex, an edit of fields and unpublish each keep the stored answer true (x-robots-tag included)', async () => {
    const f = await fixture(t.store, 1);
    const slug = f.slugs[0]!;
    const answers = createDetailAnswers(t.store.sql);
    await updateArticleState(t.store.sql, f.on, slug, { noindex: true });
    let d = await accessDetail(f.key, f.on, slug);
    let ref = await reference(f.key, f.on, slug);
    expect(ref.robots).toBe('noindex');
    expect(await answers.answerOf(d!, f.on, f.id)).toEqual({ text: ref.text, etag: ref.etag, headers: { 'x-robots-tag': 'noindex' } });

    await updateArticleFields(t.store.sql, f.on, slug, { title: 'Edited in place' });
    d = await accessDetail(f.key, f.on, slug);
    ref = await reference(f.key, f.on, slug);
    expect(JSON.parse(d!.answer!.text).data.title).toBe('Edited in place');
    expect(d!.answer).toEqual({ text: ref.text, etag: ref.etag });

    await publishArticle(t.store.sql, f.on, articleInput(slug, 'Republished'));
    d = await accessDetail(f.key, f.on, slug);
    expect(d!.answer).toEqual({ text: (await reference(f.key, f.on, slug)).text, etag: expect.any(String) });
    expect(JSON.parse(d!.answer!.text).data).toMatchObject({ title: 'Republished', noindex: true });

    await updateArticleState(t.store.sql, f.on, slug, { unpublished: true });
    d = await accessDetail(f.key, f.on, slug);
    expect(d).toEqual({ id: d!.id, unpublished: true, noindex: true });
    expect(await storedOf(d!.id)).toBeUndefined();
    expect(await accessDetail(f.key, f.on, 'no-such-slug')).toBeNull();
  });

  it('a change by plain SQL (a migration, bulk SQL, another process) is never answered from the old answer', async () => {
    const f = await fixture(t.store, 1);
    const slug = f.slugs[0]!;
    const before = await accessDetail(f.key, f.on, slug);
    expect(before!.answer).toBeDefined();
    await t.store.sql`update articles set title = 'Changed by SQL' where project_id = ${f.on} and slug = ${slug}`;
    const d = await accessDetail(f.key, f.on, slug);
    expect(d!.answer).toBeUndefined();
    const answers = createDetailAnswers(t.store.sql);
    const made = await answers.answerOf(d!, f.on, f.id);
    expect(JSON.parse(made!.text).data.title).toBe('Changed by SQL');
    const ref = await reference(f.key, f.on, slug);
    expect(made).toEqual({ text: ref.text, etag: ref.etag });
    // Stored for the next request, made from this row version.
    await answers.settled();
    expect((await accessDetail(f.key, f.on, slug))!.answer).toEqual({ text: ref.text, etag: ref.etag });
  });

  it('an article without a current answer, unpublished or deleted after the access check read it, has no answer (the API says 404)', async () => {
    const f = await fixture(t.store, 3);
    const [first, second] = [f.slugs[0]!, f.slugs[1]!];
    await t.store.sql`update articles set title = 'No stored answer' where project_id = ${f.on}`;
    const [a, b] = [await accessDetail(f.key, f.on, first), await accessDetail(f.key, f.on, second)];
    expect([a!.answer, a!.unpublished, b!.answer, b!.unpublished]).toEqual([undefined, false, undefined, false]);
    await updateArticleState(t.store.sql, f.on, first, { unpublished: true });
    await t.store.sql`delete from articles where id = ${b!.id}`;
    const answers = createDetailAnswers(t.store.sql);
    expect(await answers.answerOf(a!, f.on, f.id)).toBeUndefined();
    expect(await answers.answerOf(b!, f.on, f.id)).toBeUndefined();
    // A published one is read, only through the project the access check found it in.
    const c = await accessDetail(f.key, f.on, f.slugs[2]!);
    expect((await publishedRowOf(t.store.sql, f.on, c!.id))!.row.title).toBe('No stored answer');
    expect(await publishedRowOf(t.store.sql, f.off, c!.id)).toBeUndefined();
  });

  it('even when the trigger is bypassed, an answer of an older row version is not current (row_xmin)', async () => {
    const f = await fixture(t.store, 1);
    const slug = f.slugs[0]!;
    const old = await storedOf((await accessDetail(f.key, f.on, slug))!.id);
    await t.store.sql`update articles set excerpt = 'New excerpt' where project_id = ${f.on} and slug = ${slug}`;
    // Put the old answer back, as a write-back racing the update would have.
    const [{ id }] = await t.store.sql<{ id: string }[]>`select id from articles where project_id = ${f.on} and slug = ${slug}`;
    await t.store.sql`insert into article_answers (article_id, row_xmin, stamp, account_id, body, etag)
      values (${id}, '1', ${old!.stamp}, ${f.id}, ${old!.body}, ${old!.etag})`;
    const d = await accessDetail(f.key, f.on, slug);
    expect(d!.answer).toBeUndefined();
    expect(JSON.parse((await createDetailAnswers(t.store.sql).answerOf(d!, f.on, f.id))!.text).data.excerpt).toBe('New excerpt');
  });

  it('a write-back made from a row version that changed meanwhile stores nothing', async () => {
    const f = await fixture(t.store, 1);
    const slug = f.slugs[0]!;
    await t.store.sql`update articles set title = 'First' where project_id = ${f.on} and slug = ${slug}`;
    const d = await accessDetail(f.key, f.on, slug);
    const read = (await publishedRowOf(t.store.sql, f.on, d!.id))!;
    const made = ownArticleAnswer(read.row, f.id);
    await t.store.sql`update articles set title = 'Second' where project_id = ${f.on} and slug = ${slug}`;
    await writeAnswers(t.store.sql, [{ articleId: d!.id, xmin: read.xmin, accountId: f.id, text: made.text, etag: made.etag }]);
    expect(await storedOf(d!.id)).toBeUndefined();
    const now = await accessDetail(f.key, f.on, slug);
    expect(now!.answer).toBeUndefined();
    // The same through the handler's background store, whichever way it interleaves with the update: never current.
    const answers = createDetailAnswers(t.store.sql);
    expect(JSON.parse((await answers.answerOf(now!, f.on, f.id))!.text).data.title).toBe('Second');
    await Promise.all([answers.settled(), t.store.sql`update articles set title = 'Third' where id = ${d!.id}`]);
    await answers.settled();
    const last = await accessDetail(f.key, f.on, slug);
    expect(last!.answer?.text ?? '').not.toContain('Second');
    expect(JSON.parse((await createDetailAnswers(t.store.sql).answerOf(last!, f.on, f.id))!.text).data.title).toBe('Third');
  });

  it('one transaction that stores an answer and then changes the article again leaves no stale answer (the trigger)', async () => {
    const f = await fixture(t.store, 1);
    const slug = f.slugs[0]!;
    await t.store.sql.begin(async (tx) => {
      await publishArticle(tx as never, f.on, articleInput(slug, 'Inside the transaction'));
      await tx`update articles set title = 'Changed after, same transaction' where project_id = ${f.on} and slug = ${slug}`;
    });
    const d = await accessDetail(f.key, f.on, slug);
    expect(d!.answer).toBeUndefined();
    expect(JSON.parse((await createDetailAnswers(t.store.sql).answerOf(d!, f.on, f.id))!.text).data.title).toBe(
      'Changed after, same transaction',
    );
  });

  it('an answer of another serialiser stamp or naming another account is not current', async () => {
    const f = await fixture(t.store, 1);
    const slug = f.slugs[0]!;
    const { id } = (await accessDetail(f.key, f.on, slug))!;
    await t.store.sql`update article_answers set stamp = 'an-older-stamp' where article_id = ${id}`;
    let d = await accessDetail(f.key, f.on, slug);
    expect(d!.answer).toBeUndefined();
    const answers = createDetailAnswers(t.store.sql);
    expect(JSON.parse((await answers.answerOf(d!, f.on, f.id))!.text).data.slug).toBe(slug);
    await answers.settled();
    expect((await storedOf(id))!.stamp).toBe(ANSWER_STAMP);

    // The project moves to another account: the stored answer names the first one (metadata.userId).
    const other = await createAccount(t.store.sql, 'Second owner');
    await t.store.sql`update projects set account_id = ${other.account_id} where id = ${f.on}`;
    d = await accessDetail(other.api_key, f.on, slug);
    expect(d!.answer).toBeUndefined();
    const made = (await answers.answerOf(d!, f.on, other.account_id))!;
    expect(JSON.parse(made.text).data.metadata.userId).toBe(other.account_id);
    expect(made).toEqual({ text: (await reference(other.api_key, f.on, slug)).text, etag: expect.any(String) });
    await answers.settled();
    expect((await accessDetail(other.api_key, f.on, slug))!.answer!.text).toBe(made.text);
  });

  it("leaves the article's bytes out while the project is at the version the caller holds its answer at", async () => {
    const f = await fixture(t.store, 2);
    const [slug, plain] = [f.slugs[0]!, f.slugs[1]!];
    const checkAccess = (known?: string) =>
      checkAccessBatch(
        t.store.sql,
        keyDigest(f.key),
        'detail',
        [
          { projectId: f.on, slug, known },
          { projectId: f.on, slug: plain },
        ],
        new Date(Date.now() + 5000),
      );
    const [first] = await checkAccess();
    const version = first!.project!.articlesVersion;
    expect(first!.detail!.answer).toBeDefined();
    // Held at this version: the state only, for this request; the batch's other request still gets its answer.
    const [held, other] = await checkAccess(version);
    expect(held!.detail).toEqual({ id: first!.detail!.id, unpublished: false, noindex: false });
    expect(held!.project!.articlesVersion).toBe(version);
    expect(other!.detail!.answer).toBeDefined();
    // Held at an older version: the answer comes, and so it does after any write of the project's articles.
    expect((await checkAccess(String(BigInt(version) - 1n)))[0]!.detail!.answer).toEqual(first!.detail!.answer);
    await updateArticleState(t.store.sql, f.on, slug, { noindex: true });
    const [after] = await checkAccess(version);
    expect([after!.detail!.noindex, after!.detail!.answer !== undefined]).toEqual([true, true]);
  });

  it('a project that moves to another account moves to a new version (migration 011), so no held answer names the first', async () => {
    const f = await fixture(t.store, 1);
    const other = await createAccount(t.store.sql, 'Third owner');
    const versionOf = async (key: string) =>
      BigInt(
        (await checkAccessBatch(t.store.sql, keyDigest(key), 'list', [{ projectId: f.on }], new Date(Date.now() + 5000)))[0]!.project!
          .articlesVersion,
      );
    const before = await versionOf(f.key);
    await t.store.sql`update projects set account_id = ${other.account_id} where id = ${f.on}`;
    const after = await versionOf(other.api_key);
    expect(after).toBeGreaterThan(before);
    await t.store.sql`update projects set name = 'Renamed' where id = ${f.on}`;
    expect(await versionOf(other.api_key)).toBe(after);
  });

  it('articles inserted by SQL (seeding) get their answers from storeArticleAnswers, past one chunk', async () => {
    const f = await fixture(t.store, 0);
    await t.store.sql`
      insert into articles (id, project_id, slug, title, content_html, excerpt, type, reading_time, keyword, published_at, created_at, updated_at)
      select 'art_seed_' || md5(${f.on} || i), ${f.on}, 'seeded-' || i, 'Seeded ' || i, '<p>x</p>', 'e', 'guide', 3, 'k', now(), now(), now()
      from generate_series(1, 520) as i`;
    await t.store.sql`update articles set unpublished = true where project_id = ${f.on} and slug = 'seeded-7'`;
    expect((await accessDetail(f.key, f.on, 'seeded-3'))!.answer).toBeUndefined();
    expect(await storeArticleAnswers(t.store.sql, { projectId: f.on })).toBe(519);
    for (const slug of ['seeded-3', 'seeded-520']) {
      const d = await accessDetail(f.key, f.on, slug);
      const ref = await reference(f.key, f.on, slug);
      expect(d!.answer).toEqual({ text: ref.text, etag: ref.etag });
    }
    expect(await writeAnswers(t.store.sql, [])).toBeUndefined();
    // Deleting an article deletes its answer.
    await t.store.sql`delete from articles where project_id = ${f.on}`;
    const [{ n }] = await t.store.sql<{ n: number }[]>`select count(*)::int as n from article_answers where article_id like 'art_seed_%'`;
    expect(n).toBe(0);
  });
});
