// Rows to the own-article shapes of spec 2.3. Pure; shared with the publish webhook (same article shape).
import type { OwnArticle, OwnArticleCard } from '../schemas/own-article.ts';
import type { ArticleRow, CardRow } from './article-rows.ts';

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : undefined);
const opt = <T>(v: T | null | undefined) => (v === null ? undefined : v);

const dateOnly = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : d ? String(d).slice(0, 10) : undefined);

/** Drops undefined values so optional fields are omitted, not null. */
function compact<T extends object>(o: T): T {
  for (const k of Object.keys(o) as (keyof T)[]) if (o[k] === undefined) delete o[k];
  return o;
}

export function toCard(r: CardRow): OwnArticleCard {
  return compact({
    id: r.id, title: r.title, slug: r.slug, excerpt: opt(r.excerpt), image_url: opt(r.image_url), type: opt(r.type),
    reading_time: opt(r.reading_time), published_at: iso(r.published_at), updated_at: iso(r.updated_at),
    keyword: opt(r.keyword), url: opt(r.url),
  });
}

export function toOwnArticle(r: ArticleRow, accountId: string): OwnArticle {
  return compact({
    id: r.id, title: r.title, slug: r.slug, content_html: r.content_html,
    meta_description: opt(r.meta_description), excerpt: opt(r.excerpt), image_url: opt(r.image_url), type: opt(r.type),
    reading_time: opt(r.reading_time), keyword: opt(r.keyword), url: opt(r.url),
    published_at: iso(r.published_at), updated_at: iso(r.updated_at), created_at: iso(r.created_at), lastEdited: iso(r.last_edited),
    last_change_summary: opt(r.last_change_summary), toc_html: opt(r.toc_html),
    related_articles: (r.related_articles ?? []) as OwnArticle['related_articles'],
    sources: (r.sources ?? []) as OwnArticle['sources'],
    json_ld: (r.json_ld ?? []) as OwnArticle['json_ld'],
    metadata: compact({ projectId: r.project_id, userId: accountId, targetDate: dateOnly(r.target_date) }),
    redirect_to: opt(r.redirect_to),
    redirect_type: r.redirect_to ? (r.redirect_type ?? 'temporary') : undefined,
    noindex: r.noindex ? true : undefined,
    unpublished: r.unpublished ? true : undefined,
  });
}
