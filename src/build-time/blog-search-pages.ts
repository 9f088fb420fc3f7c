// The blog's pages for the site's search index: rendered at build by the same on-request pages the origin serves
// (the build's server bundle), from the articles the build read from the store. An article published later is in
// the index from the next build on; its page is live at once.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { blogIndexPages } from '../request/blog/blog-index.ts';
import type { BuildBlog } from '../request/blog/build-blog.ts';
import type { RenderPage } from '../request/blog/live-blog.ts';
import type { ExtraPage } from './write-search-index.ts';

export async function blogSearchPages(renderDir: string, site: string, blog: BuildBlog): Promise<ExtraPage[]> {
  if (!blog.articles.length) return [];
  const { render } = (await import(pathToFileURL(join(renderDir, 'entry.mjs')).href)) as { render: RenderPage };
  const page = async (url: string, locals: App.Locals): Promise<ExtraPage> => {
    const res = await render(new Request(url), locals);
    if (res.status !== 200) throw new Error(`search index: ${url} rendered ${res.status}`);
    return { url: new URL(url).pathname, content: await res.text() };
  };
  const pages: ExtraPage[] = [];
  for (const index of blogIndexPages(blog.summaries)) pages.push(await page(`${site}${index.path}`, { blog: { page: 'index', index } }));
  for (const article of blog.articles) {
    const media = blog.media?.[article.slug] ?? { body: [] };
    pages.push(await page(article.url, { blog: { page: 'article', article, media } }));
  }
  return pages;
}
