// What the blog pages read at build time: the store's articles, read once by the skribra-outputs integration.
import { siteContent } from '../../site-data/site-content.ts';
import { buildBlog } from '../../blog/build-blog.ts';
import { blogIndexPages } from '../../blog/blog-index.ts';

export const site = () => siteContent().catalog.site_url;
export const blogArticles = async () => (await buildBlog()).articles;
export const blogPages = async () => blogIndexPages((await buildBlog()).summaries);
/** The article's images as the page shows them (src/blog/article-media.ts). */
export const blogMedia = async (slug: string) => (await buildBlog()).media?.[slug] ?? { body: [] };
