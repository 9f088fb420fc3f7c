// A blog article's drawn card (its Open Graph image and its cover on the blog index) says what kind of article it is,
// over a picture of its own: not the title or summary the page and the index's card print beside it, nor any address.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { articleCard } from '../../src/request/seo/og-cards.ts';
import { ogCardTree, renderOgPng } from '../../src/request/seo/render-og-png.ts';

const article = {
  url: 'http://localhost:4321/blog/fix-keyword-cannibalization/',
  title: 'How to fix keyword cannibalization',
  excerpt: 'Two pages fighting for one query lose to a third; merge them, redirect one, or split the intent.',
  type: 'guide',
  tags: ['seo', 'site structure'],
  author: { name: 'Quill' },
  reading_time: 7,
};
const source = (card: ReturnType<typeof articleCard>) => JSON.stringify(ogCardTree(card));

describe("a blog article's cover", () => {
  it('shows its kind, topics, author and reading time, not its title, summary or address', async () => {
    const card = articleCard(article);
    expect(card).toMatchObject({ path: '/blog/fix-keyword-cannibalization/', eyebrow: 'Skribra blog', title: 'Guide' });
    expect(card.description).toBe('seo · site structure · by Quill · 7 min read');
    const tree = source(card);
    expect(tree).toContain('Guide');
    expect(tree).toContain('Skribra');
    for (const repeated of [article.title, article.excerpt, 'cannibalization', 'localhost', '/blog/', 'http'])
      expect(tree).not.toContain(repeated);
    const png = await renderOgPng(card, 'http://localhost:4321', 600);
    expect(await sharp(png).metadata()).toMatchObject({ width: 600, height: 315 });
  });

  it('leaves out a line that would repeat the title, and draws each article a picture of its own', () => {
    const echo = articleCard({ ...article, title: 'Seo', type: 'seo', tags: ['seo'], author: null, reading_time: null });
    expect(echo).toMatchObject({ title: 'Article', description: '' });
    expect(source(echo).toLowerCase()).not.toContain('"seo"');
    const other = articleCard({ ...article, url: 'http://localhost:4321/blog/another-one/' });
    expect(source(other)).not.toBe(source(articleCard(article)));
  });

  it("other pages' cards print no address either", () => {
    const tree = JSON.stringify(ogCardTree({ path: '/glossary/seo/', eyebrow: 'SEO glossary', title: 'SEO', description: 'Search.' }));
    expect(tree).not.toMatch(/https?:|localhost|\/glossary\//);
  });
});
