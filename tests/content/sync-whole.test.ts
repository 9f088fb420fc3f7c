// The sync feed carries whole articles, over real HTTP at the default rate limits: a site builds from the feed alone.
// Every upsert equals the detail route's `data`; pages of large articles stay under 4 MB; the feed spends list
// quota only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, openTestStore, uniq, type TestStore } from './helpers.ts';
import { publishArticle } from '../../src/store/repos/articles.ts';
import { ownArticleInput } from '../../src/model/schemas/own-article.ts';
import { SYNC_PAGE_BYTES } from '../../src/request/api/content/sync-feed.ts';
import { serveContentApi, type Served } from '../content-client/served-api.ts';

let t: TestStore;
let defaults: Served;
beforeAll(async () => {
  t = await openTestStore();
  defaults = await serveContentApi(t.store.sql); // the configured limits: list 300/h, detail 600/h
});
afterAll(async () => {
  await defaults?.close();
  await t?.close();
});

const get = async (base: string, path: string, key: string) => {
  const res = await fetch(base + path, { headers: { authorization: `Bearer ${key}` } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) };
};

/** An article of about `kb` KB of HTML with every optional field set. */
function article(i: number, kb: number) {
  const para = `<p>Paragraph of article ${i}: "quoted" words, an <a href="https://example.com/${i}">example link</a> and some más text.</p>\n`;
  return ownArticleInput.parse({
    title: `Article ${i}`,
    slug: `article-${String(i).padStart(4, '0')}`,
    content_html: `<h2>Part ${i}</h2>\n${para.repeat(Math.ceil((kb * 1024) / para.length))}`,
    excerpt: `About article ${i}`,
    meta_description: `Article ${i} in one line`,
    type: 'guide',
    reading_time: 1 + (i % 9),
    image_url: `https://img.example.com/${i}.png`,
    image_alt: `Cover of article ${i}`,
    image_width: 1200,
    image_height: 630,
    tags: ['seo', `topic-${i % 7}`],
    author: { name: 'Quill', url: 'https://skribra.com/agents/quill/' },
    language: i % 2 ? 'en' : 'en-GB',
    keyword: `keyword ${i}`,
    toc_html: `<nav><a href="#part-${i}">Part ${i}</a></nav>`,
    related_articles: [{ title: 'Another', slug: 'another' }],
    sources: [{ url: 'https://example.org/' }],
    json_ld: [{ '@type': 'BlogPosting' }],
    target_date: '2026-12-01',
    ...(i % 50 === 0 ? { noindex: true } : {}),
  });
}

async function drain(base: string, key: string, projectId: string) {
  const pages: { bytes: number; items: any[]; has_more: boolean }[] = [];
  let cursor = '';
  for (;;) {
    const r = await get(base, `/v1/sync?projectId=${projectId}${cursor ? `&cursor=${cursor}` : ''}`, key);
    expect(r.status).toBe(200);
    pages.push({ bytes: Buffer.byteLength(r.text), items: r.body.data.items, has_more: r.body.data.has_more });
    cursor = r.body.data.next_cursor;
    if (!r.body.data.has_more) return { pages, cursor };
  }
}

describe('sync feed with whole articles', () => {
  it("a full sync of 1,000 articles of about 10 KB: 10 pages, every upsert the detail route's data, list quota only", async () => {
    const f = await fixture(t.store, 0);
    for (let i = 0; i < 1000; i++) await publishArticle(t.store.sql, f.on, article(i, 10));

    const detailBefore = await get(defaults.url, `/v1/articles/article-0000?projectId=${f.on}`, f.key);
    expect(detailBefore.headers.get('ratelimit')).toMatch(/^"hour";r=599;/);
    const { pages } = await drain(defaults.url, f.key, f.on);
    expect(pages.map((p) => p.items.length)).toEqual(Array(10).fill(100));
    const upserts = pages.flatMap((p) => p.items);
    expect(new Set(upserts.map((i) => i.article.slug)).size).toBe(1000);
    // The feed spent no detail quota: the next detail request finds the detail window where the first one left it.
    const detailAfter = await get(defaults.url, `/v1/articles/article-0001?projectId=${f.on}`, f.key);
    expect(detailAfter.headers.get('ratelimit')).toMatch(/^"hour";r=598;/);

    // Each upsert deep-equals GET /v1/articles/{slug}'s data. The comparison reads 1,000 details, more than an
    // hour's detail quota, so it goes through a second API over the same store with the detail limit raised.
    const roomy = await serveContentApi(t.store.sql, { limits: { detail: { hour: 100_000, day: 100_000 } } });
    try {
      for (const item of upserts) {
        expect(item.type).toBe('upsert');
        const detail = await get(roomy.url, `/v1/articles/${item.article.slug}?projectId=${f.on}`, f.key);
        expect(item.article).toEqual(detail.body.data);
      }
    } finally {
      await roomy.close();
    }
    expect(upserts[0].article).toMatchObject({
      image_alt: 'Cover of article 0',
      image_width: 1200,
      image_height: 630,
      tags: ['seo', 'topic-0'],
      author: { name: 'Quill' },
      language: 'en-GB',
      noindex: true,
    });
  }, 180_000);

  it('ends a page before it would pass 4 MB, always with one item, and goes on with has_more', async () => {
    const f = await fixture(t.store, 0);
    for (let i = 0; i < 12; i++) await publishArticle(t.store.sql, f.on, article(i, 500));
    await publishArticle(t.store.sql, f.on, { ...article(99, 4500), slug: 'one-huge-article' });
    const { pages } = await drain(defaults.url, f.key, f.on);
    for (const p of pages.slice(0, -1)) expect(p.has_more).toBe(true);
    for (const p of pages.filter((x) => x.items.length > 1)) expect(p.bytes).toBeLessThan(SYNC_PAGE_BYTES);
    expect(pages.every((p) => p.items.length >= 1)).toBe(true);
    // 500 KB articles: 7 fit under 4 MB; the 4.5 MB one is a page on its own.
    expect(pages.map((p) => p.items.length)).toEqual([7, 5, 1]);
    expect(pages.flatMap((p) => p.items.map((i) => i.article.slug))).toEqual([
      ...Array.from({ length: 12 }, (_, i) => article(i, 1).slug),
      'one-huge-article',
    ]);
  }, 120_000);

  it('gives cards only with fields=card', async () => {
    const f = await fixture(t.store, 2);
    const r = await get(defaults.url, `/v1/sync?projectId=${f.on}&fields=card`, f.key);
    expect(r.body.data.items.map((i: any) => Object.keys(i.article).includes('content_html'))).toEqual([false, false]);
    const bad = await get(defaults.url, `/v1/sync?projectId=${f.on}&fields=${uniq('x')}`, f.key);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Query parameter "fields"/);
  });
});
