// The backing source of the company blog (the content store in production). The public API only knows this
// interface; `upstream_unavailable` is what any failure of it becomes.
export interface ArticleSummary {
  id?: string;
  title: string;
  slug: string;
  excerpt?: string;
  image_url?: string;
  type?: string;
  reading_time?: number;
  published_at?: string;
  updated_at?: string;
  url: string;
  markdown_url?: string;
}

export interface PublicArticle extends ArticleSummary {
  content_markdown?: string;
  content_html?: string;
  toc_html?: string;
  json_ld?: Record<string, unknown>[];
  related_articles?: ArticleSummary[];
}

export interface ArticleSource {
  list(opts: { q?: string; page: number; limit: number }): Promise<{ items: ArticleSummary[]; total: number }>;
  /** The article with both bodies, or undefined when it is not publicly visible. */
  get(slug: string): Promise<Required<Pick<PublicArticle, 'content_markdown' | 'content_html'>> & PublicArticle | undefined>;
}
