// /og/{path}.png in `npm run dev` only: each page's Open Graph image rendered on request (through the cache). The
// build writes every image in its output step instead (src/seo/write-og-images.ts), on every core; here the route
// lists no paths, so Astro's page loop renders none.
import type { APIRoute, GetStaticPaths } from 'astro';
import { siteContent } from '../../site-data/site-content.ts';
import { siteSettings } from '../../site-data/site-settings.ts';
import { buildBlog } from '../../blog/build-blog.ts';
import { devImageRoutes } from '../../seo/dev-image-routes.ts';
import { renderOgImage } from '../../seo/render-og-image.ts';
import type { OgImage } from '../../seo/og-images.ts';

export const getStaticPaths: GetStaticPaths = async () =>
  import.meta.env.DEV ? devImageRoutes('/og/', siteContent().catalog, await buildBlog()) : [];

export const GET: APIRoute = async ({ props }) => {
  const {
    image: { card, width },
    host,
  } = props as { image: OgImage; host: string };
  return new Response(new Uint8Array(await renderOgImage(siteSettings().ogCacheDir, card, host, width)), {
    headers: { 'content-type': 'image/png' },
  });
};
