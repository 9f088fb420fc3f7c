// Rows of the articles table as the repositories read them: shared by the repositories, the own-article serialiser
// and the webhook outbox without any of them importing another.
export interface ArticleRow {
  id: string; project_id: string; slug: string; title: string; content_html: string;
  excerpt: string | null; meta_description: string | null; image_url: string | null; type: string | null;
  reading_time: number | null; keyword: string | null; url: string | null; toc_html: string | null;
  last_change_summary: string | null; related_articles: unknown[]; sources: unknown[]; json_ld: unknown[];
  target_date: string | null; redirect_to: string | null; redirect_type: string | null; noindex: boolean;
  unpublished: boolean; retired: boolean; published_at: Date; created_at: Date; updated_at: Date; last_edited: Date | null;
}
export type CardRow = Pick<ArticleRow, 'id' | 'title' | 'slug' | 'excerpt' | 'image_url' | 'type' | 'reading_time' | 'published_at' | 'updated_at' | 'keyword' | 'url'>;
