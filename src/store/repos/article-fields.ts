// `skribra article update`: change named fields of one article in place, without touching its state.
import type { Sql } from 'postgres';
import { isJson, type ArticleFieldName } from '../../model/schemas/article-fields.ts';
import type { FieldColumns } from '../article-rows.ts';
import { inTx } from '../tx.ts';
import { enqueueArticleEvents } from './deliveries.ts';
import { storeArticleAnswers } from './article-answers.ts';

/** Columns `article update` may set, and the values it writes. Only the named ones change. */
export type ArticleFields = Partial<Omit<FieldColumns, 'slug'>>;

/**
 * Changes the named fields of one article in place: its state (published, unpublished, ...) and every other field
 * stay; updated_at and last_edited become now. The change's webhook event is queued in the same transaction.
 * Undefined when the project has no article with that slug.
 */
export function updateArticleFields(
  db: Sql,
  projectId: string,
  slug: string,
  fields: ArticleFields,
): Promise<{ delivery_id?: string } | undefined> {
  return inTx(db, async (sql) => {
    const values: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(fields)) values[k] = isJson(k as ArticleFieldName) && v !== null ? sql.json(v as never) : v;
    const rows = await sql<{ id: string }[]>`update articles set ${sql(values)}, updated_at = now(), last_edited = now()
      where project_id = ${projectId} and slug = ${slug} returning id`;
    if (!rows.length) return undefined;
    await storeArticleAnswers(sql, { ids: [rows[0]!.id] });
    const [delivery_id] = await enqueueArticleEvents(sql, [rows[0]!.id]);
    return delivery_id ? { delivery_id } : {};
  });
}
