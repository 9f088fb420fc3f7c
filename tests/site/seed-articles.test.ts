// The house blog is what a prospect reads to judge the writing: every seeded article is written out at full length,
// with its own structure, tables and sources, never the old shared template.
import { describe, expect, it } from 'vitest';
import { blogTopics, toArticle } from '../../dev/seed/seed-content.ts';

const articles = blogTopics.map((t) => ({ t, a: toArticle(t, 'https://skribra.com', 'Skribra', blogTopics) }));
const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
const h2s = (html: string) => [...html.matchAll(/<h2 id="[^"]+">([\s\S]*?)<\/h2>/g)].map((m) => m[1]!);

describe('the seeded house blog', () => {
  it('keeps the slugs other tests and the docs use', () => {
    expect(blogTopics.map((t) => t.slug)).toEqual(
      expect.arrayContaining(['what-is-programmatic-seo', 'content-decay', 'keyword-cannibalization', 'search-intent']),
    );
    expect(blogTopics.find((t) => t.slug === 'keyword-cannibalization')!.title).toBe('Keyword cannibalization and how to consolidate it');
  });

  it.each(articles.map(({ t, a }) => [t.slug, a] as const))(
    '%s is a written-out article of 1,200 to 2,500 words with tables and sources',
    (_, a) => {
      expect(words(a.content_html)).toBeGreaterThanOrEqual(1200);
      expect(words(a.content_html)).toBeLessThanOrEqual(2500);
      expect(a.reading_time).toBeGreaterThanOrEqual(5);
      expect((a.content_html.match(/<table>/g) ?? []).length).toBeGreaterThanOrEqual(1);
      expect(h2s(a.content_html).length).toBeGreaterThanOrEqual(6);
      expect(h2s(a.content_html).at(-1)).toBe('Sources');
      expect(a.sources!.length).toBeGreaterThanOrEqual(2);
      for (const s of a.sources!) expect(s.url).toMatch(/^https:\/\//);
      expect(a.content_html).not.toContain('This article walks through the idea'); // the old template's sentence
      // The table of contents lists exactly the body's sections, in order.
      expect([...a.toc_html!.matchAll(/<a href="#[^"]+">([^<]+)<\/a>/g)].map((m) => m[1])).toEqual(
        h2s(a.content_html).map((h) => h.replace(/<[^>]+>/g, '').replace('&#x26;', '&')),
      );
    },
  );

  it('gives each article its own structure: no two share more than two section headings besides the closing ones', () => {
    const sets = articles.map(
      ({ t, a }) => [t.slug, new Set(h2s(a.content_html).filter((h) => h !== 'Sources' && h !== 'Summary'))] as const,
    );
    for (const [i, [slugA, a]] of sets.entries()) {
      for (const [slugB, b] of sets.slice(i + 1))
        expect([...a].filter((h) => b.has(h)).length, `${slugA} / ${slugB}`).toBeLessThanOrEqual(2);
    }
  });
});
