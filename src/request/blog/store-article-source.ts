// The company blog's ArticleSource over the content store: the house project's publicly visible articles.
// Every store call is bounded, so an unreachable store fails a request fast (the API's 502), never hangs it.
import type { Sql } from 'postgres';
import type { ArticleSource, ArticleSummary } from '../api/public/article-source.ts';
import { getBlogProjectId } from '../../store/repos/blog-project.ts';
import {
  allPublicArticles,
  allPublicSummaries,
  getPublicArticle,
  listPublicArticles,
  projectLastChange,
  publicArticlesBySlugs,
  getPublicArticleWithRelated,
} from '../../store/repos/articles.ts';
import { BLOG_ARTICLE, relatedSlugs, type FullArticle, type PublicArticleModel } from './public-article.ts';
import { deadline } from '../../model/core/deadline.ts';
import { articleMedia, type ArticleMedia } from './article-media.ts';

/** Bound on one store call of the build's fingerprint (blogLastChange). */
export const DEFAULT_TIMEOUT_MS = 3000;

export interface StoreArticleSourceOptions {
  sql: Sql;
  /** SITE_URL without a trailing slash: article urls point at this site's /blog/{slug}/. */
  site: string;
  /** The blog project: $SKRIBRA_BLOG_PROJECT_ID; undefined, the seeded house project when present (getBlogProjectId). */
  projectId: string | undefined;
  /** Bound on one store call: SKRIBRA_BLOG_TIMEOUT_MS for the API. */
  timeoutMs: number;
  /** How rows become public articles: BLOG_ARTICLE (from the field table) unless a test gives a table with more. */
  model?: PublicArticleModel;
  /** Other sites whose URLs are this site's own files (SKRIBRA_SITE_URL, which the seeded articles name). */
  alsoSites?: readonly string[];
}

/** A summary and whether the article is kept out of search indexes (its page says so; the sitemap leaves it out). */
export type IndexedSummary = ArticleSummary & { noindex: boolean };

export interface StoreArticleSource extends ArticleSource {
  get(slug: string): Promise<FullArticle | undefined>;
  /** Every visible article with its body, newest first (the site build). */
  all(): Promise<FullArticle[]>;
  /** all(), with each article's images as the pages use them (by slug). */
  allWithMedia(): Promise<{ articles: FullArticle[]; media: Record<string, ArticleMedia> }>;
  /** One article with its images as its page shows them, and the slugs it names as related (visible or not). */
  getWithMedia(slug: string): Promise<{ article: FullArticle; media: ArticleMedia; related: string[]; noindex: boolean } | undefined>;
  /** Every visible article as a list shows it, newest first (the index pages, feed, sitemap and llms files). */
  summaries(): Promise<IndexedSummary[]>;
  /** Changes whenever an article of the blog changes (the build's staleness fingerprint). */
  lastChange(): Promise<string>;
}

export function createStoreArticleSource({
  sql,
  site,
  projectId,
  model: { toArticleSummary, toPublicArticle } = BLOG_ARTICLE,
  timeoutMs,
  alsoSites = [],
}: StoreArticleSourceOptions): StoreArticleSource {
  const bounded = <T>(what: string, work: () => Promise<T>) =>
    deadline(work(), timeoutMs, () => new Error(`blog store: ${what} took longer than ${timeoutMs} ms`));
  let project: string | null | undefined = projectId;
  // Resolved on first use and kept once found; a blog without a project is empty, not an error.
  const blogProject = async () => (project ??= await getBlogProjectId(sql, projectId)) ?? undefined;

  const related = async (pid: string, slugs: string[]) =>
    (await publicArticlesBySlugs(sql, pid, slugs)).map((r) => toArticleSummary(r, site));

  const everything = () =>
    bounded('all', async () => {
      const pid = await blogProject();
      if (!pid) return { articles: [], media: {} };
      const rows = await allPublicArticles(sql, pid);
      const summaries = rows.map((r) => toArticleSummary(r, site));
      return {
        articles: rows.map((r) => toPublicArticle(r, summaries, site)),
        media: Object.fromEntries(rows.map((r) => [r.slug, articleMedia(r, [site, ...alsoSites])])),
      };
    });

  return {
    list: ({ q, page, limit }) =>
      bounded('list', async () => {
        const pid = await blogProject();
        if (!pid) return { items: [], total: 0 };
        const needle = q?.trim() || undefined;
        const { rows, total } = await listPublicArticles(sql, { projectId: pid, q: needle, limit, offset: (page - 1) * limit });
        return { items: rows.map((r) => toArticleSummary(r, site)), total };
      }),
    get: (slug) =>
      bounded('get', async () => {
        const pid = await blogProject();
        const row = pid ? await getPublicArticle(sql, pid, slug) : undefined;
        if (!row) return undefined;
        return toPublicArticle(row, await related(pid!, relatedSlugs(row)), site);
      }),
    getWithMedia: (slug) =>
      bounded('get', async () => {
        const pid = await blogProject();
        if (!pid) return undefined;
        const found = await getPublicArticleWithRelated(sql, pid, slug);
        if (!found) return undefined;
        const { related_rows: named, ...row } = found;
        const slugs = relatedSlugs(row);
        const article = toPublicArticle(
          row,
          named.map((r) => toArticleSummary(r, site)),
          site,
        );
        return { article, media: articleMedia(row, [site, ...alsoSites]), related: slugs, noindex: row.noindex };
      }),
    summaries: () =>
      bounded('summaries', async () => {
        const pid = await blogProject();
        return pid ? (await allPublicSummaries(sql, pid)).map((r) => ({ ...toArticleSummary(r, site), noindex: r.noindex })) : [];
      }),
    all: async () => (await everything()).articles,
    allWithMedia: everything,
    lastChange: () =>
      bounded('last change', async () => {
        const pid = await blogProject();
        return pid ? `${pid}:${await projectLastChange(sql, pid)}` : '';
      }),
  };
}

/** The blog's last change, for a build fingerprint: '' when there is no blog project (`projectId` as above). */
export async function blogLastChange(sql: Sql, projectId: string | undefined, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<string> {
  return createStoreArticleSource({ sql, site: '', projectId, timeoutMs }).lastChange();
}
