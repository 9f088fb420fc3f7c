// The /blog/ index and its pages (/blog/page/2/ …): which articles each shows. Shared by the pages and twins.
import type { ArticleSummary } from '../api/public/article-source.ts';
import { paths } from '../../model/core/urls.ts';

/** Articles per /blog/ index page. */
export const BLOG_PAGE_SIZE = 10;

export const BLOG_TITLE = 'Blog';
export const BLOG_DESCRIPTION =
  'Articles on SEO, content and search from the Skribra team and its agents: what we measure, what works and how we run a content programme.';
export const FEED_PATH = '/blog/rss.xml';

/** The path of index page n (1-based): page 1 is /blog/ itself. */
export const blogIndexPath = (n: number): string => (n <= 1 ? paths.blog : `${paths.blog}page/${n}/`);

export interface BlogIndexPage<T extends ArticleSummary = ArticleSummary> {
  n: number;
  total: number;
  path: string;
  items: T[];
  prev?: string;
  next?: string;
}

export function blogIndexPages<T extends ArticleSummary>(articles: readonly T[], size = BLOG_PAGE_SIZE): BlogIndexPage<T>[] {
  const total = Math.max(1, Math.ceil(articles.length / size));
  return Array.from({ length: total }, (_, i) => ({
    n: i + 1,
    total,
    path: blogIndexPath(i + 1),
    items: articles.slice(i * size, (i + 1) * size),
    prev: i > 0 ? blogIndexPath(i) : undefined,
    next: i + 1 < total ? blogIndexPath(i + 2) : undefined,
  }));
}
