// Every image of the site with its content key and URL (og-image-key.ts), computed once per content and blog: the
// pages name their og:image from it, the build writes the images it renders and the index the image function reads
// (og-image-index.ts) from it. Linear in the site's size: one hash per image.
import type { Catalog } from '../api/public/catalog.ts';
import type { BuildBlog } from '../blog/build-blog.ts';
import { ogImageKey, ogImageUrlPath } from './og-image-key.ts';
import { ogImages, type OgImage } from './og-images.ts';

export interface KeyedOgImage extends OgImage {
  /** The full content key (64 hex digits): the cache file's name. */
  key: string;
  /** The content-addressed URL path, `/og-image/{key16}.png`. */
  url: string;
}

export interface OgImageSet {
  /** The host every card names (the catalog's site). */
  host: string;
  images: KeyedOgImage[];
  /** A page's path to its Open Graph image's content-addressed URL path: what og:image names. */
  pageImage: ReadonlyMap<string, string>;
}

type Blog = Pick<BuildBlog, 'articles' | 'summaries'>;

// On globalThis: Astro's pages run from their own module instances and must share the integration's set.
const KEY = Symbol.for('skribra.ogImageSets');
const sets = ((globalThis as unknown as Record<symbol, WeakMap<Catalog, WeakMap<Blog, OgImageSet>>>)[KEY] ??= new WeakMap());

export function ogImageSet(catalog: Catalog, blog: Blog): OgImageSet {
  let byBlog = sets.get(catalog);
  if (!byBlog) sets.set(catalog, (byBlog = new WeakMap()));
  let set = byBlog.get(blog);
  if (!set) byBlog.set(blog, (set = keyed(catalog, blog)));
  return set;
}

function keyed(catalog: Catalog, blog: Blog): OgImageSet {
  const host = new URL(catalog.site_url).host;
  const images = ogImages(catalog, blog).map((image) => {
    const key = ogImageKey(image.card, host, image.width);
    return { ...image, key, url: ogImageUrlPath(key) };
  });
  const pageImage = new Map<string, string>();
  for (const image of images)
    if (image.path.startsWith('/og/') && !pageImage.has(image.card.path)) pageImage.set(image.card.path, image.url);
  return { host, images, pageImage };
}
