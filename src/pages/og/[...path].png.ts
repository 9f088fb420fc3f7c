// Every page's Open Graph image, written at build as /og/{path}.png (see ogImagePath); the pages point og:image and
// twitter:image at it, and the blog uses it as the article's cover.
import type { APIRoute, GetStaticPaths } from 'astro';
import { siteContent } from '../../build/site-content.ts';
import { buildBlog } from '../../blog/build-blog.ts';
import { blogIndexPages, BLOG_DESCRIPTION, BLOG_TITLE } from '../../blog/blog-index.ts';
import { ogCards, ogParam, type OgCard } from '../../seo/og-cards.ts';
import { renderOgImage } from '../../seo/render-og-image.ts';

export const getStaticPaths: GetStaticPaths = async () => {
  const { catalog } = siteContent();
  const blog = await buildBlog();
  const cards = ogCards(catalog, { articles: blog.articles, pages: blogIndexPages(blog.summaries), title: BLOG_TITLE, description: BLOG_DESCRIPTION });
  return cards.map((card) => ({ params: { path: ogParam(card.path) }, props: { card } }));
};

export const GET: APIRoute = async ({ props }) => {
  const png = await renderOgImage(props.card as OgCard, new URL(siteContent().catalog.site_url).host);
  return new Response(new Uint8Array(png), { headers: { 'content-type': 'image/png' } });
};
