import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/model/catalog/load-catalog.ts';
import type { Catalog } from '../../src/model/catalog/catalog.ts';
import { COLLECTIONS } from '../../src/model/catalog/collections.ts';
import type { ArticleSummary } from '../../src/request/api/public/article-source.ts';
import { articleCard, ogCards, type OgBlog, type OgCard } from '../../src/request/seo/og-cards.ts';
import { blogIndexPages, BLOG_DESCRIPTION, BLOG_TITLE } from '../../src/request/blog/blog-index.ts';
import { generateContent } from '../../scripts/generate-content.ts';

// ogCards before it was made linear (a search of the terms per page, of the cards per blog page), kept as the oracle.
// Each collection's eyebrow is its declaration's (src/model/catalog/collections.ts).
const KIND_EYEBROW: Record<string, string> = {
  glossary: 'SEO glossary',
  'glossary-category': 'SEO glossary',
  ...Object.fromEntries(COLLECTIONS.map((c) => [c.kind, c.eyebrow])),
  doc: 'Developer docs',
  resource: 'Resource',
  audience: 'Skribra for teams',
  page: 'Skribra',
};
function quadraticOgCards(catalog: Catalog, blog: OgBlog): OgCard[] {
  const cards: OgCard[] = catalog.pages.map((p) => {
    const term = p.kind === 'glossary' ? catalog.terms.find((t) => new URL(t.url).pathname === p.path) : undefined;
    const category = term && catalog.categories.find((c) => c.slug === term.category);
    return {
      path: p.path,
      eyebrow: category ? `SEO glossary · ${category.label}` : (KIND_EYEBROW[p.kind] ?? 'Skribra'),
      title: term?.title ?? p.title,
      description: p.description,
    };
  });
  for (const a of blog.articles) cards.push(articleCard(a));
  for (const p of blog.pages) {
    if (!cards.some((c) => c.path === p.path))
      cards.push({
        path: p.path,
        eyebrow: 'Skribra blog',
        title: p.n > 1 ? `${blog.title}, page ${p.n} of ${p.total}` : blog.title,
        description: blog.description,
      });
  }
  cards.push({
    path: '/404/',
    eyebrow: 'Skribra',
    title: 'Page not found',
    description: 'Try the glossary, the free tools, the docs or search.',
  });
  return cards;
}

const SITE = 'https://example.com';
let dir: string;
let catalog: Catalog;
beforeAll(() => {
  dir = generateContent(3_000);
  catalog = loadCatalog(dir, SITE, 'og-cards').catalog;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const blogOf = (n: number): OgBlog => {
  const articles = Array.from({ length: n }, (_, i) => ({
    url: `${SITE}/blog/post-${i}/`,
    title: `Post ${i}`,
    type: i % 3 ? 'guide' : i % 2 ? null : undefined,
    tags: i % 2 ? ['seo', `topic-${i}`] : [],
    author: i % 4 ? { name: 'Quill' } : null,
    reading_time: i % 5,
  }));
  return {
    articles,
    pages: blogIndexPages(Array.from({ length: n }) as ArticleSummary[]),
    title: BLOG_TITLE,
    description: BLOG_DESCRIPTION,
  };
};

describe('ogCards', () => {
  it('gives, on a generated corpus of 3,000 terms and a blog of 45 articles, exactly the cards of the quadratic version', () => {
    const blog = blogOf(45);
    const cards = ogCards(catalog, blog);
    expect(cards.length).toBeGreaterThan(3_000);
    expect(cards.filter((c) => c.path === '/blog/')).toEqual([
      { path: '/blog/', eyebrow: 'Skribra blog', title: BLOG_TITLE, description: BLOG_DESCRIPTION },
    ]);
    expect(cards.filter((c) => c.path === '/blog/page/5/')).toEqual([
      { path: '/blog/page/5/', eyebrow: 'Skribra blog', title: `${BLOG_TITLE}, page 5 of 5`, description: BLOG_DESCRIPTION },
    ]);
    expect(cards.find((c) => c.path === new URL(catalog.terms[7]!.url).pathname)!.eyebrow).toMatch(/^SEO glossary · ./);
    expect(cards).toEqual(quadraticOgCards(catalog, blog));
  });

  it('is the same where a page is also a blog index page, a term names an unknown category or two terms share a path', () => {
    // A catalog page at /blog/page/2/: the blog's second index page adds no second card for it.
    const pages = [...catalog.pages, { ...catalog.pages[0]!, path: '/blog/page/2/', kind: 'page' as const, title: 'A page of its own' }];
    const odd: Catalog = {
      ...catalog,
      pages,
      terms: [
        { ...catalog.terms[0]!, category: 'no-such-category' },
        ...catalog.terms.slice(1),
        { ...catalog.terms[1]!, title: 'A later duplicate' },
      ],
    };
    const blog = blogOf(25);
    expect(ogCards(odd, blog).filter((c) => c.path === '/blog/page/2/')).toEqual([
      expect.objectContaining({ eyebrow: 'Skribra', title: 'A page of its own' }),
    ]);
    expect(ogCards(odd, blog)).toEqual(quadraticOgCards(odd, blog));
    expect(ogCards(odd, blogOf(0))).toEqual(quadraticOgCards(odd, blogOf(0)));
    expect(ogCards(odd, blog).find((c) => c.path === new URL(catalog.terms[0]!.url).pathname)!.eyebrow).toBe('SEO glossary');
  });

  it('takes linear time: 30,000 terms in well under a second', () => {
    const pages = Array.from({ length: 10 }, () => catalog.pages)
      .flat()
      .map((p, i) => ({ ...p, path: `${p.path}${i}/` }));
    const terms = pages
      .filter((p) => p.kind === 'glossary')
      .map((p, i) => ({ ...catalog.terms[i % catalog.terms.length]!, url: `${SITE}${p.path}` }));
    const big: Catalog = { ...catalog, pages, terms };
    expect(terms.length).toBeGreaterThan(30_000);
    const started = performance.now();
    const cards = ogCards(big, blogOf(500));
    expect(cards.length).toBeGreaterThan(30_000);
    expect(performance.now() - started).toBeLessThan(1_000); // the quadratic version takes minutes here
  });
});
