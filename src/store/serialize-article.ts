// Rows to the own-article shapes of spec 2.3, field by field from the one field table. Pure; shared with the sync
// feed and the webhook (the same article shape everywhere).
import type { OwnArticle, OwnArticleCard } from '../model/schemas/own-article.ts';
import { CARD_FIELDS, DETAIL_FIELDS, isList, type ArticleFieldName } from '../model/schemas/article-fields.ts';
import type { ArticleRow, CardRow } from './article-rows.ts';

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : undefined);
const dateOnly = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : d ? String(d).slice(0, 10) : undefined);

/** Copies the declared fields: lists always (empty when none), the rest only when set (optional, never null). */
function fields(out: Record<string, unknown>, row: Partial<Record<ArticleFieldName, unknown>>, names: readonly ArticleFieldName[]) {
  for (const k of names) {
    const v = row[k];
    if (isList(k)) out[k] = v ?? [];
    else if (v !== null && v !== undefined) out[k] = v;
  }
  return out;
}

/** Adds the field only when it has a value. */
const put = (out: Record<string, unknown>, k: string, v: unknown) => {
  if (v !== undefined) out[k] = v;
};

export function toCard(r: CardRow): OwnArticleCard {
  const out = fields({ id: r.id }, r, CARD_FIELDS);
  put(out, 'published_at', iso(r.published_at));
  put(out, 'updated_at', iso(r.updated_at));
  return out as OwnArticleCard;
}

export function toOwnArticle(r: ArticleRow, accountId: string): OwnArticle {
  const out = fields({ id: r.id }, r, DETAIL_FIELDS);
  put(out, 'published_at', iso(r.published_at));
  put(out, 'updated_at', iso(r.updated_at));
  put(out, 'created_at', iso(r.created_at));
  put(out, 'lastEdited', iso(r.last_edited));
  const metadata: Record<string, unknown> = { projectId: r.project_id, userId: accountId };
  put(metadata, 'targetDate', dateOnly(r.target_date));
  out.metadata = metadata;
  if (r.redirect_to) Object.assign(out, { redirect_to: r.redirect_to, redirect_type: r.redirect_type ?? 'temporary' });
  if (r.noindex) out.noindex = true;
  if (r.unpublished) out.unpublished = true;
  return out as OwnArticle;
}

/** What a removal event carries: enough for a site to drop the article, or to redirect its slug. */
export function toRemoval(
  id: string,
  slug: string,
  reason: 'unpublished' | 'redirected',
  r?: Pick<ArticleRow, 'redirect_to' | 'redirect_type'> | null,
) {
  return {
    id,
    slug,
    reason,
    ...(reason === 'redirected' && r?.redirect_to ? { redirect_to: r.redirect_to, redirect_type: r.redirect_type ?? 'temporary' } : {}),
  };
}
