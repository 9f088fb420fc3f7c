// The field table (src/model/schemas/article-fields.ts) and the store agree: every declared field has its column, of the
// kind the table implies, so a field added without its migration fails here, not at a customer's publish.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore, type TestStore } from './helpers.ts';
import { ARTICLE_FIELDS, FIELD_NAMES, isJson } from '../../src/model/schemas/article-fields.ts';
import { ownArticleInput } from '../../src/model/schemas/own-article.ts';
import { EXAMPLE_ARTICLE } from '../../src/model/schemas/article-example.ts';

let t: TestStore;
beforeAll(async () => {
  t = await openTestStore();
});
afterAll(async () => {
  await t?.close();
});

describe('article fields and columns', () => {
  it('every declared field is a column of articles, jsonb exactly for lists and objects', async () => {
    const rows = await t.store.sql<{ column_name: string; data_type: string }[]>`
      select column_name, data_type from information_schema.columns where table_name = 'articles'`;
    const types = new Map(rows.map((r) => [r.column_name, r.data_type]));
    for (const name of FIELD_NAMES) {
      expect(types.has(name), `${name} has no column: add it in a migration`).toBe(true);
      expect(types.get(name) === 'jsonb', name).toBe(isJson(name));
    }
  });

  it('the example article passes the publish schema and names the new fields', () => {
    expect(ownArticleInput.safeParse(EXAMPLE_ARTICLE).success).toBe(true);
    for (const k of ['image_alt', 'image_width', 'tags', 'author', 'language'] as const) expect(EXAMPLE_ARTICLE).toHaveProperty(k);
    expect(Object.keys(ownArticleInput.shape)).toEqual(Object.keys(ARTICLE_FIELDS));
  });

  it('refuses image fields without an image, one size without the other, and a bad language tag, naming each field', () => {
    const r = ownArticleInput.safeParse({
      title: 'T',
      slug: 't',
      content_html: '<p>x</p>',
      image_alt: 'a',
      image_width: 10,
      language: 'english!',
      tags: ['a', 'a'],
    });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(['image_alt', 'image_height', 'image_width', 'language', 'tags']);
  });
});
