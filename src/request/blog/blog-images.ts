// The blog article's images as a fast page shows them. The cover and each <img> of the body keep their intrinsic
// width and height (no layout shift) and show their ThumbHash placeholder over their dominant colour until they load;
// the body's first image loads eagerly, the rest lazily (img-tags.ts). An image that is one of the site's own files
// (article-media.ts) is served as responsive AVIF with a WebP fallback, made at build by Astro's image service
// (`optimise`, the page's getImage): static files beside the original, so the same page works under `npm start`
// and on Netlify, with no image CDN at request time. Pure apart from `optimise`.
import { thumbHashToDataURL } from 'thumbhash';
import { annotateImages, imgElements, openTag, replaceImgTags } from '../../model/images/img-tags.ts';
import type { ArticleMedia, LocalFormat, MediaImage } from './article-media.ts';

/** One responsive set of a site file in one format. */
interface Variants {
  src: string;
  srcset: string;
}
export type Optimise = (
  image: { path: string; format: LocalFormat; version: string; width: number; height: number },
  to: 'avif' | 'webp',
  widths: number[],
) => Promise<Variants>;

/** The article column: 72ch of the body font, about 720 px, less the page's side padding on a phone. */
export const COLUMN_SIZES = '(min-width: 48rem) 720px, calc(100vw - 2.5rem)';
export const COVER_WIDTHS = [640, 960, 1280, 1600];
export const BODY_WIDTHS = [480, 800, 1200];

/** The widths below the image's own, and its own: never upscaled. */
export const widthsFor = (widths: readonly number[], own: number): number[] => [...widths.filter((w) => w < own), own];

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The inline style that shows the placeholder over the dominant colour until the image has loaded. */
export function placeholderStyle(image: Pick<MediaImage, 'placeholder' | 'color'> | undefined): string | undefined {
  const parts: string[] = [];
  if (image?.color && /^#[0-9a-f]{6}$/i.test(image.color)) parts.push(`background-color:${image.color}`);
  if (image?.placeholder && /^[A-Za-z0-9+/]+={0,2}$/.test(image.placeholder)) {
    try {
      const url = thumbHashToDataURL(Buffer.from(image.placeholder, 'base64'));
      parts.push(`background-image:url(${url});background-size:cover;background-repeat:no-repeat`);
    } catch {
      // A placeholder that does not decode: the colour alone.
    }
  }
  return parts.length ? parts.join(';') : undefined;
}

/** Both formats of a site file at `widths`. */
export async function variantsOf(image: MediaImage, widths: readonly number[], optimise: Optimise) {
  const { local, width, height } = image;
  if (!local || !width || !height) return undefined;
  const at = { ...local, width, height };
  const own = widthsFor(widths, width);
  const [avif, webp] = await Promise.all([optimise(at, 'avif', own), optimise(at, 'webp', own)]);
  return { avif, webp };
}

/**
 * The body's HTML with each <img> given its size and lazy loading where the stored HTML lacks them, its
 * placeholder as a background, and, for the site's own files, a <picture> of AVIF and WebP in a responsive srcset.
 */
export async function bodyWithImages(html: string, media: ArticleMedia, optimise: Optimise): Promise<string> {
  if (!media.body.length) return html;
  const annotated = annotateImages(html, media.body);
  const bySrc = new Map(media.body.map((b) => [b.src, b]));
  const made = new Map<string, Awaited<ReturnType<typeof variantsOf>>>();
  for (const b of media.body) if (!made.has(b.src)) made.set(b.src, await variantsOf(b, BODY_WIDTHS, optimise));
  return replaceImgTags(annotated, imgElements(annotated), (e) => {
    const image = bySrc.get((e.attrs.get('src') ?? '').trim());
    if (!image) return undefined;
    const style = e.attrs.has('style') ? undefined : placeholderStyle(image);
    // A publisher's own srcset is kept as it is.
    const v = e.attrs.has('srcset') ? undefined : made.get(image.src);
    const src = e.attrSpans.get('src');
    let { open } = openTag(annotated, e);
    if (v && src) {
      const at = { start: src.start - e.start, end: src.end - e.start };
      open = `${open.slice(0, at.start)}src="${escapeAttr(v.webp.src)}" srcset="${escapeAttr(v.webp.srcset)}" sizes="${COLUMN_SIZES}"${open.slice(at.end)}`;
    }
    const img = `${open}${style ? ` style="${escapeAttr(style)}"` : ''}>`;
    return v ? `<picture><source type="image/avif" srcset="${escapeAttr(v.avif.srcset)}" sizes="${COLUMN_SIZES}">${img}</picture>` : img;
  });
}
