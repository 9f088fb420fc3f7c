// The public serialiser of blog articles (what the API, pages, twins and feed share): the model's added card fields
// after spec 2.2's, valid against the public schema, absent when unset; and the twin's byline.
import { describe, expect, test } from 'vitest';
import { BLOG_ARTICLE } from '../../src/request/blog/public-article.ts';
import { articleTwin } from '../../src/request/blog/blog-twins.ts';
import { Article, ArticleSummary } from '../../src/model/schemas/article.ts';
import { articleRow, described, SITE } from './article-row.ts';

const { toArticleSummary, toPublicArticle } = BLOG_ARTICLE;
const full = articleRow({
  ...described,
  tags: ['seo', 'queries'],
  author: { name: 'Jane Doe', url: 'https://jane.example/' },
  language: 'en-GB',
});

describe('toArticleSummary', () => {
  test("the image description and size, tags, author and language, after the spec's fields", () => {
    const s = toArticleSummary(full, SITE);
    expect(s).toMatchObject({
      image_url: described.image_url,
      image_alt: described.image_alt,
      image_width: 1600,
      image_height: 900,
      tags: ['seo', 'queries'],
      author: { name: 'Jane Doe', url: 'https://jane.example/' },
      language: 'en-GB',
    });
    const keys = Object.keys(s);
    expect(keys.slice(keys.indexOf('markdown_url') + 1)).toEqual([
      'image_alt',
      'image_width',
      'image_height',
      'tags',
      'author',
      'language',
    ]);
    expect(ArticleSummary.parse(s)).toEqual(s);
  });

  test('unset fields and empty tags are left out', () => {
    const s = toArticleSummary(articleRow(), SITE);
    for (const k of ['image_alt', 'image_width', 'image_height', 'tags', 'author', 'language']) expect(s).not.toHaveProperty(k);
  });
});

describe('toPublicArticle', () => {
  test('the detail carries the fields, and its JSON-LD says the same', () => {
    const a = toPublicArticle(full, [], SITE);
    expect(Article.parse(a)).toBeTruthy();
    expect(a).toMatchObject({ author: { name: 'Jane Doe' }, language: 'en-GB', image_width: 1600 });
    expect(a.json_ld[0]).toMatchObject({
      author: { '@type': 'Person', name: 'Jane Doe' },
      inLanguage: 'en-GB',
      image: { '@type': 'ImageObject', height: 900 },
    });
  });
});

describe('articleTwin', () => {
  test('the byline leads the meta line: a link when the author has a page, Skribra when none is named', () => {
    expect(articleTwin(toPublicArticle(full, [], SITE))).toContain(
      '\n\nBy [Jane Doe](https://jane.example/) · Published 2026-03-01 · 5 min read\n\n',
    );
    expect(articleTwin(toPublicArticle(articleRow(), [], SITE))).toContain('\n\nBy Skribra · Published 2026-03-01 · 5 min read\n\n');
  });
});
