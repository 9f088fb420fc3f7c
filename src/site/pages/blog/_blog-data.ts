// What the blog pages render: read from the store on request by their caller (src/request/blog/live-blog.ts) and handed
// over as Astro.locals, so a page only renders.
import type { AstroGlobal } from 'astro';
import type { BlogLocals } from '../../../request/blog/live-blog.ts';

/** The page's data of kind `page`; a request that reached the page without it is a wiring error, said loudly. */
export function blogLocals<K extends BlogLocals['page']>(astro: AstroGlobal, page: K): Extract<BlogLocals, { page: K }> {
  const blog = astro.locals.blog;
  if (blog?.page !== page) throw new Error(`blog page ${astro.url.pathname} rendered without its data (src/request/blog/live-blog.ts)`);
  return blog as Extract<BlogLocals, { page: K }>;
}
