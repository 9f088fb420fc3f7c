// `skribra article update`: change named fields of one article in place, without touching its state.
import type { Sql } from 'postgres';

/** Columns `article update` may set, and the values it writes. Only the named ones change. */
export type ArticleFields = Partial<{
  title: string; content_html: string; excerpt: string | null; meta_description: string | null; image_url: string | null;
  type: string | null; reading_time: number | null; keyword: string | null; url: string | null; toc_html: string | null;
  last_change_summary: string | null; related_articles: unknown[]; sources: unknown[]; json_ld: unknown[];
  target_date: string | null; noindex: boolean; redirect_to: string | null; redirect_type: string | null;
}>;

const JSON_COLUMNS = new Set(['related_articles', 'sources', 'json_ld']);

/**
 * Changes the named fields of one article in place: its state (published, unpublished, ...) and every other field
 * stay; updated_at and last_edited become now. False when the project has no article with that slug.
 */
export async function updateArticleFields(sql: Sql, projectId: string, slug: string, fields: ArticleFields): Promise<boolean> {
  const values: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) values[k] = JSON_COLUMNS.has(k) ? sql.json(v as never) : v;
  const rows = await sql`update articles set ${sql(values)}, updated_at = now(), last_edited = now()
    where project_id = ${projectId} and slug = ${slug} returning id`;
  return rows.count > 0;
}
