// /api/v1/articles and /api/v1/articles/{slug} over a real store: shapes of spec 2.2, formats, q, paging and
// caps, the filtered states, and the CLI's retire command.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestStore, type TestStore } from '../content/helpers.ts';
import { createStoreArticleSource } from '../../src/request/blog/store-article-source.ts';
import { readConfig } from '../../src/model/config.ts';
import { skribra } from '../helpers/cli.ts';
import { Article } from '../../src/model/schemas/article.ts';
import { blogProject, publicApi, SITE, WITH_NEW_FIELDS } from './helpers.ts';

let t: TestStore;
let fx: Awaited<ReturnType<typeof blogProject>>;
let get: ReturnType<typeof publicApi>;

beforeAll(async () => {
  t = await openTestStore();
  fx = await blogProject(t.store);
  get = publicApi(
    createStoreArticleSource({ sql: t.store.sql, site: SITE, projectId: fx.projectId, timeoutMs: readConfig().SKRIBRA_BLOG_TIMEOUT_MS }),
  );
});
afterAll(async () => {
  await t?.close();
});

const slugsOf = (body: { data: { items: { slug: string }[] } }) => body.data.items.map((a) => a.slug);

describe('list', () => {
  test('summaries, newest first, with the default page of 50', async () => {
    const r = await get('/api/v1/articles');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toContain('stale-if-error');
    expect(r.body.data.pagination).toEqual({ page: 1, limit: 50, total: fx.visible, total_pages: 1, has_more: false });
    const [first] = r.body.data.items;
    expect(first).toEqual({
      id: expect.stringMatching(/^art_/),
      title: 'Programmatic SEO part 0',
      slug: 'post-00',
      excerpt: 'About Programmatic SEO part 0',
      image_url: 'https://blog.test/images/post-00.webp',
      type: 'guide',
      reading_time: 4,
      published_at: expect.any(String),
      updated_at: expect.any(String),
      url: `${SITE}/blog/post-00/`,
      markdown_url: `${SITE}/blog/post-00.md`,
    });
    expect(Object.keys(first)).not.toContain('content_html');
    expect(slugsOf(r.body).slice(0, 3)).toEqual(['post-00', 'post-01', 'post-02']);
  });

  test('leaves out unpublished, redirected and retired articles; noindex ones stay', async () => {
    const slugs = slugsOf((await get('/api/v1/articles?limit=200')).body);
    for (const hidden of Object.values(fx.hidden)) expect(slugs).not.toContain(hidden);
    expect(slugs).toContain('noindex-post');
    expect(slugs).toHaveLength(fx.visible);
  });

  test('q is a case-insensitive substring of the title', async () => {
    const r = await get('/api/v1/articles?q=programmatic%20seo');
    expect(slugsOf(r.body)).toEqual(['post-00', 'post-05', 'post-10', 'post-15', 'post-20', 'noindex-post']);
    expect(r.body.data.pagination.total).toBe(6);
    expect((await get('/api/v1/articles?q=PART%2015')).body.data.items.map((a: { title: string }) => a.title)).toEqual([
      'Programmatic SEO part 15',
    ]);
    expect((await get('/api/v1/articles?q=nothing-like-this')).body.data).toEqual({
      items: [],
      pagination: { page: 1, limit: 50, total: 0, total_pages: 0, has_more: false },
    });
    // LIKE wildcards are plain characters in q.
    expect((await get('/api/v1/articles?q=%25')).body.data.items).toEqual([]);
  });

  test('paging: page and limit, has_more, a page past the end', async () => {
    const p2 = (await get('/api/v1/articles?page=2&limit=10')).body.data;
    expect(p2.pagination).toEqual({ page: 2, limit: 10, total: fx.visible, total_pages: 3, has_more: true });
    expect(p2.items.map((a: { slug: string }) => a.slug)).toEqual(Array.from({ length: 10 }, (_, i) => `post-${10 + i}`));
    const past = (await get('/api/v1/articles?page=9&limit=10')).body.data;
    expect(past.items).toEqual([]);
    expect(past.pagination).toMatchObject({ page: 9, total: fx.visible, has_more: false });
  });

  test('limit above 200 is capped; bad page or limit is 400 invalid_query naming the parameter', async () => {
    expect((await get('/api/v1/articles?limit=500')).body.data.pagination.limit).toBe(200);
    for (const [query, param] of [
      ['limit=0', 'limit'],
      ['page=0', 'page'],
      ['page=x', 'page'],
    ]) {
      const r = await get(`/api/v1/articles?${query}`);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('invalid_query');
      expect(r.body.message).toContain(param);
    }
  });
});

describe('detail', () => {
  test('format=markdown (default) has content_markdown only', async () => {
    const { status, body } = await get('/api/v1/articles/post-00');
    expect(status).toBe(200);
    expect(body.data.content_html).toBeUndefined();
    expect(body.data.content_markdown).toBe(
      '## Why it matters\n\nIntro.\n\n### Detail\n\n| Signal | Healthy |\n| --- | --- |\n| **CTR** | Above 2 % |\n\n~~old~~ new\n',
    );
  });

  test('format=html has content_html only; both has both; anything else is 400', async () => {
    const html = (await get('/api/v1/articles/post-00?format=html')).body.data;
    expect(html.content_html).toContain('<table>');
    expect(html.content_markdown).toBeUndefined();
    const both = (await get('/api/v1/articles/post-00?format=both')).body.data;
    expect(both.content_html).toBe(html.content_html);
    expect(both.content_markdown).toContain('| **CTR** |');
    const bad = await get('/api/v1/articles/post-00?format=pdf');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 'invalid_query', message: expect.stringContaining('format') });
  });

  test('the Article fields: toc, JSON-LD, related summaries', async () => {
    const a = (await get('/api/v1/articles/post-00')).body.data;
    expect(a.url).toBe(`${SITE}/blog/post-00/`);
    expect(a.markdown_url).toBe(`${SITE}/blog/post-00.md`);
    expect(a.toc_html).toBe(
      '<nav class="toc"><ol><li><a href="#why">Why it matters</a><ol><li><a href="#detail">Detail</a></li></ol></li></ol></nav>',
    );
    expect(a.json_ld).toHaveLength(1);
    expect(a.json_ld[0]).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Programmatic SEO part 0',
      description: 'Why signals matter.',
      image: ['https://blog.test/images/post-00.webp'],
      datePublished: a.published_at,
      author: { '@type': 'Organization', name: 'Skribra' },
      publisher: { '@type': 'Organization', name: 'Skribra' },
      url: a.url,
      mainEntityOfPage: { '@id': a.url },
    });
    expect(Date.parse(a.json_ld[0].dateModified)).toBeGreaterThanOrEqual(Date.parse(a.published_at));
    // The retired related article is dropped; the rest are full summaries, in the stored order.
    expect(a.related_articles.map((r: { slug: string }) => r.slug)).toEqual(['post-01', 'post-02']);
    expect(a.related_articles[0]).toMatchObject({
      title: 'Content guide 1',
      url: `${SITE}/blog/post-01/`,
      markdown_url: `${SITE}/blog/post-01.md`,
      published_at: expect.any(String),
    });
  });

  test("the fields added after spec 2.2: the cover's alt and size, tags, author, language; the JSON-LD agrees", async () => {
    const a = (await get('/api/v1/articles/post-01')).body.data;
    const { image_url, ...added } = WITH_NEW_FIELDS;
    expect(a).toMatchObject({ image_url, ...added });
    expect(Article.parse(a)).toBeTruthy();
    expect(a.json_ld[0]).toMatchObject({
      author: { '@type': 'Person', name: 'Jane Doe', url: 'https://jane.example/' },
      inLanguage: 'en-GB',
      keywords: 'post, seo, guides',
      image: { '@type': 'ImageObject', url: image_url, width: 1600, height: 900, caption: 'A chart of clicks' },
    });
    // post-00 names none of them: left out, and Skribra is the author.
    const plain = (await get('/api/v1/articles/post-00')).body.data;
    for (const k of Object.keys(added)) expect(plain).not.toHaveProperty(k);
  });

  test('unpublished, redirected, retired and unknown slugs are 404 not_found', async () => {
    for (const slug of [...Object.values(fx.hidden), 'no-such-post']) {
      const r = await get(`/api/v1/articles/${slug}`);
      expect(r.status, slug).toBe(404);
      expect(r.body.code).toBe('not_found');
    }
    expect((await get('/api/v1/articles/noindex-post')).status).toBe(200);
  });
});

describe('skribra article retire', () => {
  test('retire hides an article from the public blog; --off brings it back', async () => {
    const retire = await skribra(['article', 'retire', '--project', fx.projectId, '--slug', 'post-03', '--json'], t.env);
    expect(retire.code).toBe(0);
    expect(retire.out).toEqual({ project_id: fx.projectId, slug: 'post-03', retired: true });
    expect((await get('/api/v1/articles/post-03')).status).toBe(404);
    expect(slugsOf((await get('/api/v1/articles?limit=200')).body)).not.toContain('post-03');
    expect((await skribra(['article', 'retire', '--project', fx.projectId, '--slug', 'post-03', '--off'], t.env)).code).toBe(0);
    expect((await get('/api/v1/articles/post-03')).status).toBe(200);
    expect((await skribra(['article', 'retire', '--project', fx.projectId, '--slug', 'missing'], t.env)).code).toBe(1);
  });
});
