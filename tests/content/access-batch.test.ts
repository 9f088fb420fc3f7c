// The coalescing access check (store/repos/access.ts): concurrent requests of one key share a statement, and each still
// gets its own exact count, its own project and its own article, authorised against the key's account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Access, checkAccessBatch, createAccessCheck } from '../../src/store/repos/access.ts';
import { getArticle } from '../../src/store/repos/articles.ts';
import { keyDigest } from '../../src/store/ids.ts';
import { fixture, openTestStore, type TestStore } from './helpers.ts';

let t: TestStore;
beforeAll(async () => {
  t = await openTestStore();
});
afterAll(async () => {
  await t?.close();
});

const later = () => new Date(Date.now() + 5000);
const hourHits = async (accountId: string, bucket: string) =>
  (
    await t.store.sql<
      { n: number }[]
    >`select coalesce(sum(hits), 0)::int as n from rate_counters where account_id = ${accountId} and bucket = ${bucket} and win = 'hour'`
  )[0]!.n;

describe('coalescing access check', () => {
  it('120 concurrent requests of one key: fewer statements than requests, counts 1..120 each handed out once', async () => {
    const f = await fixture(t.store, 1);
    let statements = 0;
    // Counts the access check's statements: the calls of the tagged template whose text is the counter upsert.
    const checkAccess = createAccessCheck(
      new Proxy(t.store.sql, {
        apply: (target, self, args) => {
          if (Array.isArray(args[0]) && args[0].join('').includes('insert into rate_counters')) statements++;
          return Reflect.apply(target, self, args);
        },
      }),
    );
    const answers = await Promise.all(
      Array.from({ length: 120 }, () => checkAccess(keyDigest(f.key), 'list', { projectId: f.on }, later())),
    );
    const hour = answers.map((a) => a.windows.find((w) => w.win === 'hour')!.hits).sort((a, b) => a - b);
    expect(hour).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(answers.every((a) => a.accountId === f.id && a.counted && a.project?.id === f.on)).toBe(true);
    expect(await hourHits(f.id, 'list')).toBe(120);
    expect(statements).toBeLessThan(120);
    expect(statements).toBeGreaterThan(0);
  });

  it("one batch answers each request for itself: its project, its article, never another account's", async () => {
    const f = await fixture(t.store, 2);
    const stranger = await fixture(t.store, 1);
    const answers = await checkAccessBatch(
      t.store.sql,
      keyDigest(f.key),
      'detail',
      [
        { projectId: f.on, slug: f.slugs[0] },
        { projectId: f.on, slug: 'no-such-slug' },
        { projectId: stranger.on, slug: stranger.slugs[0] },
        { projectId: f.off, slug: f.slugs[1] },
        { projectId: f.on, slug: f.slugs[1] },
      ],
      later(),
    );
    // Each article comes as its stored answer (made at publish): the API's detail object of that very article.
    const slugOf = (a: Access) => (a.detail?.answer ? (JSON.parse(a.detail.answer.text) as { data: { slug: string } }).data.slug : null);
    expect(answers.map((a) => [a.project?.id ?? null, slugOf(a)])).toEqual([
      [f.on, f.slugs[0]],
      [f.on, null],
      [null, null],
      [f.off, null],
      [f.on, f.slugs[1]],
    ]);
    expect(answers.map((a) => a.detail?.id ?? null)).toEqual([
      (await getArticle(t.store.sql, f.on, f.slugs[0]!))!.id,
      null,
      null,
      null,
      (await getArticle(t.store.sql, f.on, f.slugs[1]!))!.id,
    ]);
    expect(answers.map((a) => a.windows.find((w) => w.win === 'day')!.hits)).toEqual([1, 2, 3, 4, 5]);
    expect(JSON.parse(answers[0]!.detail!.answer!.text)).toMatchObject({
      data: { slug: f.slugs[0], metadata: { projectId: f.on }, published_at: expect.any(String) },
    });
    expect(await hourHits(stranger.id, 'detail')).toBe(0);
  });

  it('a batch past its earliest deadline counts nothing for any of its requests; a list batch reads no article', async () => {
    const f = await fixture(t.store, 1);
    const late = await checkAccessBatch(
      t.store.sql,
      keyDigest(f.key),
      'detail',
      [{ projectId: f.on, slug: f.slugs[0] }, { projectId: f.on }],
      new Date(Date.now() - 1),
    );
    expect(late.map((a) => [a.counted, a.windows.length])).toEqual([
      [false, 0],
      [false, 0],
    ]);
    expect(await hourHits(f.id, 'detail')).toBe(0);
    const [list] = await checkAccessBatch(t.store.sql, keyDigest(f.key), 'list', [{ projectId: f.on }], later());
    expect(list).toEqual({
      accountId: f.id,
      counted: true,
      windows: expect.any(Array),
      project: { id: f.on, apiEnabled: true, articlesVersion: expect.any(String) },
    });
  });
});
