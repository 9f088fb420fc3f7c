// The blog as the site build sees it: every visible article, read from the store once per build by the
// skribra-outputs integration (load-build-blog.ts) and shared here with the Astro pages. This module never
// imports the store: Astro bundles the pages, and the store must run from its own files (the embedded keeper).
import type { ArticleSummary } from '../api/public/article-source.ts';
import type { FullArticle } from './public-article.ts';
import type { ArticleMedia } from './article-media.ts';

export interface BuildBlog {
  articles: FullArticle[];
  summaries: ArticleSummary[];
  /** Each article's images as the pages use them, by slug (article-media.ts); none outside a build. */
  media?: Record<string, ArticleMedia>;
  /** Why the blog is empty when it is: no project, the store optional and unreachable, or not a build. */
  note?: string;
}

/** The blog as the build's images see it: none, as its cards are drawn on request (src/request/blog/live-blog.ts). */
export const NO_BLOG: BuildBlog = { articles: [], summaries: [] };

// On globalThis: the pages run from Astro's bundle, a different module instance from the integration's.
const KEY = Symbol.for('skribra.buildBlog');
const slot = globalThis as unknown as Record<symbol, Promise<BuildBlog> | undefined>;

export function provideBuildBlog(blog: Promise<BuildBlog>): void {
  blog.catch(() => {}); // awaited (and reported) by the pages and build:done; never an unhandled rejection
  slot[KEY] = blog;
}

/**
 * The build's blog; empty outside a build (astro dev, a page rendered on request), where no integration read the
 * store. One object, so what is computed from it once (the site's Open Graph images) is not computed per page.
 */
export function buildBlog(): Promise<BuildBlog> {
  return slot[KEY] ?? NOT_A_BUILD;
}

const NOT_A_BUILD = Promise.resolve<BuildBlog>({
  articles: [],
  summaries: [],
  note: 'not a build: the blog is read from the store at build time only',
});
