// Article images through next/image, with what Skribra delivers: each image's intrinsic width and height (no layout
// shift, nothing to download to learn them), and its ThumbHash placeholder as the blur shown while it loads.
import { getImageProps } from 'next/image';
import type { OwnArticle } from '@skribra/content';
import { placeholderDataUrl } from '@skribra/content/images';

/** next/image's placeholder props for a Skribra placeholder, or none. */
export function blurProps(placeholder?: string): { placeholder: 'blur'; blurDataURL: string } | Record<string, never> {
  return placeholder ? { placeholder: 'blur', blurDataURL: placeholderDataUrl(placeholder) } : {};
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The body's measured <img> tags served by Next's image optimizer, as next/image serves the cover: a responsive
 * `srcset` and `sizes` from getImageProps, and the placeholder as the background until the image has loaded. Their
 * width, height, alt, loading and decoding stay as Skribra delivers them.
 */
export function optimizedBody(article: OwnArticle): string {
  let html = article.content_html;
  for (const img of article.body_images ?? []) {
    if (!img.width || !img.height) continue;
    const { props } = getImageProps({
      src: img.src,
      width: img.width,
      height: img.height,
      alt: img.alt ?? '',
      sizes: `(min-width: ${img.width}px) ${img.width}px, 100vw`,
    });
    const background = [
      img.color && `background-color:${img.color}`,
      img.placeholder && `background-image:url(${placeholderDataUrl(img.placeholder)});background-size:cover`,
    ].filter(Boolean);
    const attributes = [
      `src="${escapeAttr(props.src)}"`,
      props.srcSet && `srcset="${escapeAttr(props.srcSet)}"`,
      props.sizes && `sizes="${escapeAttr(props.sizes)}"`,
      background.length && `style="${escapeAttr(background.join(';'))}"`,
    ]
      .filter(Boolean)
      .join(' ');
    for (const src of new Set([img.src, escapeAttr(img.src)]))
      html = html.replace(new RegExp(`\\bsrc=(["'])${escapeRe(src)}\\1`, 'g'), attributes);
  }
  return html;
}
