// The backing source of the company blog (the content store in production). The public API only knows this
// interface; `upstream_unavailable` is what any failure of it becomes.
import type { ArticleSummary, PublicArticle } from '../../../model/schemas/article.ts';

export type { ArticleSummary, PublicArticle };

export interface ArticleSource {
  list(opts: { q?: string; page: number; limit: number }): Promise<{ items: ArticleSummary[]; total: number }>;
  /** The article with both bodies, or undefined when it is not publicly visible. */
  get(slug: string): Promise<(Required<Pick<PublicArticle, 'content_markdown' | 'content_html'>> & PublicArticle) | undefined>;
}
