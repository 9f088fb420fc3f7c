// Article images through Astro's image service, with what the Skribra loader gives: each image's intrinsic width
// and height (so no layout shift, and no download at build just to learn the size), its ThumbHash placeholder shown
// blurred behind it while it loads, and its dominant colour.
import { getImage } from 'astro:assets';
import { placeholderDataUrl } from '@skribra/content/images';
import type { OwnArticle } from '@skribra/content';
import { optimisable } from '../image-domains.mjs';

export { optimisable };

// The slots images are laid out in, told to the browser by `sizes` before it has the CSS, so it fetches the file that
// fills the slot rather than one for the whole viewport: layouts/Base.astro's column is at most 46rem (736px) wide
// with 1rem of padding each side, and the list's <ul> indents its items by 40px. The test of the example
// (tests/content-client/astro-example.test.ts) holds these to the built CSS.
const COLUMN_PX = 736;

/** `sizes` for an image `width` px wide in the page's column: the column, or the image's own width when narrower. */
export function columnSizes(width: number): string {
  return width >= COLUMN_PX
    ? '(min-width: 48rem) 46rem, calc(100vw - 2rem)'
    : `(min-width: ${width + 32}px) ${width}px, calc(100vw - 2rem)`;
}

/** `sizes` for the list's thumbnails, `width` px wide in the column's <ul>: narrower only on a small phone. */
export function listSizes(width: number): string {
  return `(min-width: ${width + 72}px) ${width}px, calc(100vw - 72px)`;
}

/** The inline style that shows the placeholder (and the colour under it) until the image has loaded. */
export function placeholderStyle(placeholder?: string, color?: string): string | undefined {
  if (!placeholder && !color) return undefined;
  return [
    color && `background-color:${color}`,
    placeholder && `background-image:url(${placeholderDataUrl(placeholder)});background-size:cover;background-repeat:no-repeat`,
  ]
    .filter(Boolean)
    .join(';');
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const srcPattern = (src: string) =>
  [src, escapeAttr(src)].map((v) => new RegExp(`\\bsrc=(["'])${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1`));

/**
 * The article's body with each measured <img> served by Astro's image service: WebP in a responsive srcset (the
 * widths up to the image's own), `sizes`, and the placeholder as its background. Its width, height, alt, loading
 * and decoding stay as Skribra delivers them.
 */
export async function optimizedBody(article: OwnArticle): Promise<string> {
  let html = article.content_html;
  for (const img of article.body_images ?? []) {
    if (!img.width || !img.height || !optimisable(img.src)) continue; // a host outside image.domains: linked as it is
    const out = await getImage({
      src: img.src,
      width: img.width,
      height: img.height,
      format: 'webp',
      widths: [480, 800, 1200, 1600].filter((w) => w <= img.width!),
      sizes: columnSizes(img.width),
    });
    const style = placeholderStyle(img.placeholder, img.color);
    const replacement = [
      `src="${escapeAttr(out.src)}"`,
      `srcset="${escapeAttr(out.srcSet.attribute)}"`,
      `sizes="${escapeAttr(String(out.attributes.sizes))}"`,
      style && `style="${escapeAttr(style)}"`,
    ]
      .filter(Boolean)
      .join(' ');
    for (const re of srcPattern(img.src)) html = html.replace(new RegExp(re.source, 'g'), replacement);
  }
  return html;
}
