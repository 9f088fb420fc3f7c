// `npm run dev`: the blog's pages render on request there too, from the store the dev server opened
// (dev/dev-server.ts provides `pageLocals` over it); a slug the store does not have is Astro's 404.
import { defineMiddleware } from 'astro:middleware';
import { liveRoute } from '../src/request/blog/live-blog.ts';
import { devBlog } from './dev-blog.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const route = liveRoute(context.url.pathname);
  const load = devBlog();
  if (!route || !load || !('form' in route) || route.form !== 'page') return next();
  const blog = await load(route);
  if (!blog) return new Response(null, { status: 404 });
  context.locals.blog = blog;
  return next();
});
