// The company blog's public article is derived from the one field table (src/model/schemas/article-fields.ts): a field
// marked `blog` shows in ArticleSummary/Article and in /api/v1/articles/{slug} with no other edit. Shown here with a
// table extended by new fields, served from a real store (whose articles table gains the column, as a migration
// would add it) through the real blog source and public API.
import * as z from 'zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestStore, type TestStore } from '../content/helpers.ts';
import { createStoreArticleSource } from '../../src/request/blog/store-article-source.ts';
import { publicArticleModel } from '../../src/request/blog/public-article.ts';
import { readConfig } from '../../src/model/config.ts';
import { ARTICLE_FIELDS, type FieldSpec, ROW_FIELDS } from '../../src/model/schemas/article-fields.ts';
import { Article, ArticleSummary, publicArticleSchemas } from '../../src/model/schemas/article.ts';
import { articleRow } from './article-row.ts';
import { blogProject, publicApi, SITE } from './helpers.ts';

/** A new optional card field, shown on the blog under its own name. */
const subtitle = {
  schema: z.string().max(200),
  shows: 'card',
  note: 'A line under the headline.',
  blog: true,
} as const satisfies FieldSpec;
/** A new detail field, shown on the blog under another name. */
const standfirst = {
  schema: z.string(),
  shows: 'detail',
  note: 'The paragraph that opens the article.',
  blog: { as: 'dek' },
} as const satisfies FieldSpec;
const TABLE = { ...ARTICLE_FIELDS, subtitle, standfirst };
const model = publicArticleModel(TABLE);

/** Spec 2.2's ArticleSummary fields in its order, then the table's further `blog` card fields in the table's order. */
const SPEC_SUMMARY = [
  'id',
  'title',
  'slug',
  'excerpt',
  'image_url',
  'type',
  'reading_time',
  'published_at',
  'updated_at',
  'url',
  'markdown_url',
];
const ADDED = ['image_alt', 'image_width', 'image_height', 'tags', 'author', 'language'] as const;
const DETAIL = ['content_markdown', 'content_html', 'toc_html', 'json_ld', 'related_articles'];

describe('the public article of the field table', () => {
  test("spec 2.2's fields in its order, then the table's other blog fields, each described by the table's note; the row's id and stamps as /v1 has them", () => {
    expect(Object.keys(ArticleSummary.shape)).toEqual([...SPEC_SUMMARY, ...ADDED]);
    expect(Object.keys(Article.shape)).toEqual([...SPEC_SUMMARY, ...ADDED, ...DETAIL]);
    for (const k of ['title', 'slug', 'excerpt', 'image_url', 'type', 'reading_time', ...ADDED] as const)
      expect(ArticleSummary.shape[k].description, k).toBe(ARTICLE_FIELDS[k].note);
    expect(ArticleSummary.shape.published_at).toBe(ROW_FIELDS.published_at);
    expect(ArticleSummary.shape.updated_at).toBe(ROW_FIELDS.updated_at);
    expect(ArticleSummary.shape.id.unwrap()).toBe(ROW_FIELDS.id);
    expect(ArticleSummary.safeParse({ title: 'T', url: `${SITE}/blog/t/` }).success).toBe(false); // slug is required
  });

  test('an extended table: the card field joins the summary after the others, the detail field the article, renamed', () => {
    expect(Object.keys(model.ArticleSummary.shape)).toEqual([...SPEC_SUMMARY, ...ADDED, 'subtitle']);
    expect(Object.keys(model.Article.shape)).toEqual([...SPEC_SUMMARY, ...ADDED, 'subtitle', ...DETAIL, 'dek']);
    expect(model.ArticleSummary.shape.subtitle.description).toBe(subtitle.note);
    expect(model.Article.shape.dek.description).toBe(standfirst.note);

    const row = { ...articleRow(), subtitle: 'Why it ranks', standfirst: 'It starts here.' };
    const a = model.toPublicArticle(row, [], SITE);
    expect(a).toMatchObject({ subtitle: 'Why it ranks', dek: 'It starts here.' });
    expect(a).not.toHaveProperty('standfirst');
    expect(model.toArticleSummary(row, SITE)).not.toHaveProperty('dek');
    expect(model.Article.strict().parse(a)).toEqual(a);

    const bare = { ...articleRow(), subtitle: null, standfirst: null };
    const unset = model.toPublicArticle(bare, [], SITE);
    expect(unset).not.toHaveProperty('subtitle');
    expect(unset).not.toHaveProperty('dek');
  });

  test('a table the spec cannot be made from is refused: a listed field not marked, a blog field shown nowhere, a name the summary makes', () => {
    const { blog: _, ...slug } = ARTICLE_FIELDS.slug;
    expect(() => publicArticleSchemas({ ...ARTICLE_FIELDS, slug })).toThrow(/ArticleSummary has slug/);
    expect(() => publicArticleSchemas({ ...ARTICLE_FIELDS, noindex: { ...ARTICLE_FIELDS.noindex, blog: true } })).toThrow(
      /noindex is marked blog but shows nowhere/,
    );
    expect(() => publicArticleSchemas({ ...ARTICLE_FIELDS, url: { ...ARTICLE_FIELDS.url, blog: true } })).toThrow(
      /url is marked blog, but the summary makes its own/,
    );
  });
});

describe('/api/v1/articles/{slug} with a field added to the table', () => {
  let t: TestStore;
  let get: ReturnType<typeof publicApi>;

  beforeAll(async () => {
    t = await openTestStore();
    const { projectId } = await blogProject(t.store);
    // What the new field's migration would do.
    await t.store.sql`alter table articles add column subtitle text, add column standfirst text`;
    await t.store.sql`update articles set subtitle = 'Why it ranks', standfirst = 'It starts here.'
      where project_id = ${projectId} and slug = 'post-01'`;
    get = publicApi(
      createStoreArticleSource({ sql: t.store.sql, site: SITE, projectId, timeoutMs: readConfig().SKRIBRA_BLOG_TIMEOUT_MS, model }),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  test('the new fields show up, after the others, valid against the extended schema', async () => {
    const r = await get('/api/v1/articles/post-01?format=both');
    expect(r.status).toBe(200);
    const keys = Object.keys(r.body.data);
    expect(keys.indexOf('subtitle')).toBe(keys.indexOf('language') + 1);
    expect(keys.indexOf('dek')).toBe(keys.indexOf('related_articles') + 1);
    expect(r.body.data).toMatchObject({ subtitle: 'Why it ranks', dek: 'It starts here.' });
    expect(model.Article.strict().parse(r.body.data)).toEqual(r.body.data);
  });

  test('an article without them leaves them out', async () => {
    const r = await get('/api/v1/articles/post-02');
    expect(r.status).toBe(200);
    expect(r.body.data).not.toHaveProperty('subtitle');
    expect(r.body.data).not.toHaveProperty('dek');
  });
});
