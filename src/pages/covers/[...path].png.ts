// Small covers (600 × 315) for the blog index's cards: the article's Open Graph card at half size, so a phone
// downloads a fraction of the full image for a card a few hundred pixels wide.
import type { APIRoute, GetStaticPaths } from 'astro';
import { siteContent } from '../../build/site-content.ts';
import { buildBlog } from '../../blog/build-blog.ts';
import { ogParam, type OgCard } from '../../seo/og-cards.ts';
import { renderOgImage } from '../../seo/render-og-image.ts';

export const COVER_WIDTH = 600;

export const getStaticPaths: GetStaticPaths = async () => (await buildBlog()).articles.map((a) => {
  const path = new URL(a.url).pathname;
  const card: OgCard = { path, eyebrow: 'Skribra blog', title: a.title, description: a.excerpt ?? '' };
  return { params: { path: ogParam(path) }, props: { card } };
});

export const GET: APIRoute = async ({ props }) => {
  const png = await renderOgImage(props.card as OgCard, new URL(siteContent().catalog.site_url).host, COVER_WIDTH);
  return new Response(new Uint8Array(png), { headers: { 'content-type': 'image/png' } });
};
