// Reads the blog for a site build from the content store (DATABASE_URL or NETLIFY_DB_URL, else the embedded
// server). An unreachable store fails the build with a clear message unless SKRIBRA_BLOG_OPTIONAL=1.
import type { ArticleSummary } from '../request/api/public/article-source.ts';
import { openStore } from '../store/open-store.ts';
import type { BuildBlog } from '../request/blog/build-blog.ts';
import type { FullArticle } from '../request/blog/public-article.ts';
import { createStoreArticleSource } from '../request/blog/store-article-source.ts';
import { deadline } from '../model/core/deadline.ts';
import { databaseUrl, type Config } from '../model/config.ts';

/** How long the build waits to open the store (starting an embedded server included). */
const OPEN_TIMEOUT_MS = 60_000;
/** One read of the whole blog; generous, since a build can wait longer than a request. */
const READ_TIMEOUT_MS = 30_000;

const summaryOf = ({
  content_markdown: _m,
  content_html: _h,
  toc_html: _t,
  json_ld: _j,
  related_articles: _r,
  ...s
}: FullArticle): ArticleSummary => s;

/** The blog for a build of `site`, from the store the entry point's `config` names. */
export async function loadBuildBlog(site: string, config: Config): Promise<BuildBlog> {
  const url = databaseUrl(config);
  let store: Awaited<ReturnType<typeof openStore>> | undefined;
  try {
    store = await deadline(
      openStore({ config, databaseUrl: url, max: 2 }),
      OPEN_TIMEOUT_MS,
      () => new Error(`opening the content store took longer than ${OPEN_TIMEOUT_MS} ms`),
    );
    const { articles, media } = await createStoreArticleSource({
      sql: store.sql,
      site,
      projectId: config.SKRIBRA_BLOG_PROJECT_ID,
      timeoutMs: READ_TIMEOUT_MS,
      alsoSites: [config.SKRIBRA_SITE_URL],
    }).allWithMedia();
    const note = articles.length
      ? undefined
      : 'no published articles (is there a blog project? `npm start` seeds one; or set SKRIBRA_BLOG_PROJECT_ID)';
    return { articles, summaries: articles.map(summaryOf), media, note };
  } catch (err) {
    const reason = (err as Error).message;
    if (config.SKRIBRA_BLOG_OPTIONAL) {
      return {
        articles: [],
        summaries: [],
        note: `the content store is unreachable (${reason}); building without the blog (SKRIBRA_BLOG_OPTIONAL=1)`,
      };
    }
    throw new Error(
      `The blog is built from the content store, which is unreachable: ${reason}. ` +
        'Start it (npm start, or a Postgres at DATABASE_URL), or set SKRIBRA_BLOG_OPTIONAL=1 to build the site without the blog.',
    );
  } finally {
    await store?.close().catch(() => {});
  }
}
