// The dev server's blog for its pages (blog-locals-middleware.ts): a slot on globalThis, as the middleware runs from
// Vite's module instances, not the integration's.
import type { BlogLocals, LiveRoute } from '../src/request/blog/live-blog.ts';

type Load = (route: LiveRoute) => Promise<BlogLocals | undefined>;
const KEY = Symbol.for('skribra.devBlog');
const slot = globalThis as unknown as Record<symbol, Load | undefined>;

export const provideDevBlog = (load: Load): void => {
  slot[KEY] = load;
};
export const devBlog = (): Load | undefined => slot[KEY];
