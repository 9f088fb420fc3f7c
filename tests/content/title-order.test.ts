// Title order is human alphabetical (migration 005's ICU collation), the same on the embedded server and on any
// PostgreSQL given as DATABASE_URL (CI runs this file on Debian's PostgreSQL too).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { publishArticle } from '../../src/store/repos/articles.ts';
import { api, articleInput, bearer, openTestStore, uniq, type TestStore } from './helpers.ts';

let t: TestStore;
beforeAll(async () => {
  t = await openTestStore();
});
afterAll(async () => {
  await t?.close();
});

// Published in a shuffled order so neither publish time nor id order can pass for title order.
const titles = [
  'Guide Z',
  'Guide F number 20',
  'éclair',
  'Guide edited seven',
  'apple',
  'Zebra',
  'Eclair',
  'guide a',
  'Éclair',
  'Ångström',
];
const expected = [
  'Ångström',
  'apple',
  'Eclair',
  'éclair',
  'Éclair',
  'guide a',
  'Guide edited seven',
  'Guide F number 20',
  'Guide Z',
  'Zebra',
];

async function project(list: string[]) {
  const acc = await createAccount(t.store.sql, uniq('acc'));
  const id = await createProject(t.store.sql, { accountId: acc.account_id, name: 'Titles', apiEnabled: true });
  for (const [i, title] of list.entries()) await publishArticle(t.store.sql, id, articleInput(`t-${i}`, title));
  return { id, key: acc.api_key, get: api(t.store) };
}

describe('sort=title', () => {
  it('asc is alphabetical, case- and accent-insensitive first: "Guide edited seven" before "Guide F number 20"', async () => {
    const p = await project(titles);
    const asc = await p.get(`/v1/articles?projectId=${p.id}&sort=title&order=asc&limit=100`, bearer(p.key));
    expect(asc.status).toBe(200);
    expect(asc.body.data.items.map((c: { title: string }) => c.title)).toEqual(expected);
    const desc = await p.get(`/v1/articles?projectId=${p.id}&sort=title&order=desc&limit=100`, bearer(p.key));
    expect(desc.body.data.items.map((c: { title: string }) => c.title)).toEqual([...expected].reverse());
  });

  it('pages follow the same order, and identical titles are ordered by id', async () => {
    const p = await project(['b', 'Same', 'a', 'Same', 'Same', 'C']);
    const page = async (n: number) =>
      (await p.get(`/v1/articles?projectId=${p.id}&sort=title&order=asc&limit=2&page=${n}`, bearer(p.key))).body.data.items as {
        title: string;
        id: string;
      }[];
    const items = [...(await page(1)), ...(await page(2)), ...(await page(3))];
    expect(items.map((c) => c.title)).toEqual(['a', 'b', 'C', 'Same', 'Same', 'Same']);
    const same = items.slice(3).map((c) => c.id);
    expect(same).toEqual([...same].sort());
  });

  it('the title sort is served from the collated index', async () => {
    const [{ indexdef }] = await t.store.sql<
      { indexdef: string }[]
    >`select indexdef from pg_indexes where indexname = 'articles_title_human'`;
    expect(indexdef).toMatch(/title COLLATE skribra_title/);
  });
});
