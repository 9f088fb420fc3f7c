// The dev server's image routes (src/site/pages/og/, src/site/pages/covers/): the same list of images the build writes, as
// Astro route entries under one prefix.
import type { Catalog } from '../api/public/catalog.ts';
import type { BuildBlog } from '../blog/build-blog.ts';
import { ogImages, type OgImage } from './og-images.ts';

export function devImageRoutes(
  prefix: '/og/' | '/covers/',
  catalog: Catalog,
  blog: Pick<BuildBlog, 'articles' | 'summaries'>,
): { params: { path: string }; props: { image: OgImage; host: string } }[] {
  const host = new URL(catalog.site_url).host;
  return ogImages(catalog, blog)
    .filter((i) => i.path.startsWith(prefix))
    .map((image) => ({ params: { path: image.path.slice(prefix.length, -'.png'.length) }, props: { image, host } }));
}
