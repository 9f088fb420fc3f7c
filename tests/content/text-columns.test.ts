// isText (src/model/schemas/article-fields.ts) names exactly the declared fields stored as text: the sync feed adds up
// those columns' octet_length to bound a page of whole articles (src/store/repos/sync.ts), so a field it missed
// would go uncounted and one of another type would break the statement.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestStore, type TestStore } from './helpers.ts';
import { FIELD_NAMES, isText } from '../../src/model/schemas/article-fields.ts';

let t: TestStore;
beforeAll(async () => {
  t = await openTestStore();
});
afterAll(async () => {
  await t?.close();
});

test('a declared field is a text column exactly when isText says so', async () => {
  const rows = await t.store.sql<{ column_name: string; data_type: string }[]>`
    select column_name, data_type from information_schema.columns where table_name = 'articles'`;
  const types = new Map(rows.map((r) => [r.column_name, r.data_type]));
  for (const name of FIELD_NAMES) expect(types.get(name) === 'text', `${name}: ${types.get(name)}`).toBe(isText(name));
  expect(FIELD_NAMES.filter(isText)).toEqual(expect.arrayContaining(['title', 'content_html', 'toc_html', 'excerpt', 'meta_description']));
});
