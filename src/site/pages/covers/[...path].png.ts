// /covers/blog/{slug}.png (the blog index's 600 × 315 card covers) in `npm run dev` only, as /og/ is: the build
// writes them in its output step (src/request/seo/write-og-images.ts).
import type { APIRoute, GetStaticPaths } from 'astro';
import { siteContent } from '../../data/site-content.ts';
import { siteSettings } from '../../data/site-settings.ts';
import { buildBlog } from '../../../request/blog/build-blog.ts';
import { devImageRoutes } from '../../../request/seo/dev-image-routes.ts';
import { renderOgImage } from '../../../request/seo/render-og-image.ts';
import type { OgImage } from '../../../request/seo/og-images.ts';

export const getStaticPaths: GetStaticPaths = async () =>
  import.meta.env.DEV ? devImageRoutes('/covers/', siteContent().catalog, await buildBlog()) : [];

export const GET: APIRoute = async ({ props }) => {
  const {
    image: { card, width },
    host,
  } = props as { image: OgImage; host: string };
  return new Response(new Uint8Array(await renderOgImage(siteSettings().ogCacheDir, card, host, width)), {
    headers: { 'content-type': 'image/png' },
  });
};
