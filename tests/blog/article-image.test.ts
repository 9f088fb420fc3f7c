// The image the blog shows for an article: always with alt, width and height. The drawn card (from this build) when
// the article names none or names its own card on any host; else the article's image, with its size or the card's box.
import { describe, expect, test } from 'vitest';
import { cardImage, coverImage } from '../../src/request/seo/article-image.ts';
import { described, SITE } from './article-row.ts';

const article = { title: 'Search intent', url: `${SITE}/blog/search-intent/` };

describe('coverImage (the article page)', () => {
  test('no image: the drawn card, 1200 × 630, described by the title', () => {
    expect(coverImage(article)).toEqual({ src: '/og/blog/search-intent.png', alt: 'Search intent', width: 1200, height: 630 });
  });

  test("its own card named on the host the store was seeded for: this build's copy, with the stored alt", () => {
    const a = {
      ...article,
      image_url: 'https://skribra.com/og/blog/search-intent.png',
      image_alt: 'Cover card: Search intent',
      image_width: 1200,
      image_height: 630,
    };
    expect(coverImage(a)).toEqual({ src: '/og/blog/search-intent.png', alt: 'Cover card: Search intent', width: 1200, height: 630 });
  });

  test('an image of its own: its URL, alt and size', () => {
    expect(coverImage({ ...article, ...described })).toEqual({
      src: described.image_url,
      alt: described.image_alt,
      width: 1600,
      height: 900,
    });
  });

  test("an image of unknown size and without alt: the card's box and the title", () => {
    expect(coverImage({ ...article, image_url: described.image_url })).toEqual({
      src: described.image_url,
      alt: 'Search intent',
      width: 1200,
      height: 630,
    });
  });
});

describe('cardImage (the blog index)', () => {
  test("the drawn card at half size, with the alt of the article's image when it is that card", () => {
    expect(cardImage(article)).toEqual({ src: '/covers/blog/search-intent.png', alt: 'Search intent', width: 600, height: 315 });
    const own = { ...article, image_url: `${SITE}/og/blog/search-intent.png`, image_alt: 'Cover card: Search intent' };
    expect(cardImage(own)).toEqual({ src: '/covers/blog/search-intent.png', alt: 'Cover card: Search intent', width: 600, height: 315 });
  });

  test("an image of its own: its URL, alt and size, or the half card's box", () => {
    expect(cardImage({ ...article, ...described })).toEqual({
      src: described.image_url,
      alt: described.image_alt,
      width: 1600,
      height: 900,
    });
    expect(cardImage({ ...article, image_url: described.image_url })).toMatchObject({ width: 600, height: 315 });
  });
});
