// Which images the site links to: an Open Graph image per HTML page (/og/{path}.png, 1200 × 630, what og:image and
// twitter:image name) and a card cover per blog article (/covers/blog/{slug}.png, 600 × 315). The build writes them
// (write-og-images.ts); the dev server's routes answer them one by one.
import type { Catalog } from '../../model/catalog/catalog.ts';
import type { BuildBlog } from '../blog/build-blog.ts';
import { blogIndexPages, BLOG_DESCRIPTION, BLOG_TITLE } from '../blog/blog-index.ts';
import { articleCard, ogCards, type OgCard } from './og-cards.ts';
import { coverImagePath, ogImagePath } from './page-json-ld.ts';

/** The small covers of the blog index's cards: the article's card at half size, a fraction of the bytes on a phone. */
export const COVER_WIDTH = 600;
export const OG_WIDTH = 1200;

export interface OgImage {
  /** Root-relative path in dist/, like /og/glossary/seo.png. */ path: string;
  card: OgCard;
  width: number;
}

/** Every image the site links to, each path once (the first card for it wins). */
export function ogImages(catalog: Catalog, blog: Pick<BuildBlog, 'articles' | 'summaries'>): OgImage[] {
  const cards = ogCards(catalog, {
    articles: blog.articles,
    pages: blogIndexPages(blog.summaries),
    title: BLOG_TITLE,
    description: BLOG_DESCRIPTION,
  });
  const images = new Map<string, OgImage>();
  const add = (image: OgImage) => {
    if (!images.has(image.path)) images.set(image.path, image);
  };
  for (const card of cards) add({ path: ogImagePath(card.path), card, width: OG_WIDTH });
  for (const a of blog.articles) {
    const card = articleCard(a);
    add({ path: coverImagePath(card.path), card, width: COVER_WIDTH });
  }
  return [...images.values()];
}
