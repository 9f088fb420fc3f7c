// The image the blog shows for an article, as its page's cover and on its card: the article's own image when it
// names one, with its alternative text and size, else the card the site draws for every article (its Open Graph
// image, and a half-size copy for the index). Every image gets an alt, a width and a height, so nothing shifts.
import type { ArticleSummary } from '../api/public/article-source.ts';
import { COVER_WIDTH } from './og-images.ts';
import { coverImagePath, ogImagePath } from './page-json-ld.ts';

export interface ShownImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

type Imaged = Pick<ArticleSummary, 'title' | 'url' | 'image_url' | 'image_alt' | 'image_width' | 'image_height'>;

/** The drawn card's size (render-og-png.ts); an image of unknown size is fitted into a box of its shape. */
const CARD = { width: 1200, height: 630 };
const HALF_CARD = { width: COVER_WIDTH, height: Math.round((COVER_WIDTH * CARD.height) / CARD.width) };

/**
 * Whether the article's image is the card the site draws for it. The store names it on the host it was written for
 * (SKRIBRA_SITE_URL when seeded), which need not be this build's, so the path decides; the build's own copy is shown.
 */
function isDrawnCard(a: Imaged, path: string): boolean {
  return !a.image_url || new URL(a.image_url).pathname === ogImagePath(path);
}

// Without image_alt the card says the title (og:image:alt says the same); a writer's image is as likely about it.
const altOf = (a: Imaged) => a.image_alt ?? a.title;
const sizeOf = (a: Imaged, box: { width: number; height: number }) =>
  a.image_width && a.image_height ? { width: a.image_width, height: a.image_height } : box;

/** The cover at the top of the article's page. */
export function coverImage(a: Imaged): ShownImage {
  const path = new URL(a.url).pathname;
  if (isDrawnCard(a, path)) return { src: ogImagePath(path), alt: altOf(a), ...CARD };
  return { src: a.image_url!, alt: altOf(a), ...sizeOf(a, CARD) };
}

/** The image on the article's card in the blog index: the drawn card at half size, a fraction of the bytes on a phone. */
export function cardImage(a: Imaged): ShownImage {
  const path = new URL(a.url).pathname;
  if (isDrawnCard(a, path)) return { src: coverImagePath(path), alt: altOf(a), ...HALF_CARD };
  return { src: a.image_url!, alt: altOf(a), ...sizeOf(a, HALF_CARD) };
}
