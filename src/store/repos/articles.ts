// Articles of a project. Publishing creates or updates by slug; the consolidation commands set the
// unpublished / redirect / noindex fields. The read queries serve the authenticated API.
import type { Sql } from 'postgres';
import type { OwnArticleInput } from '../../model/schemas/own-article.ts';
import { newId } from '../ids.ts';
import { CARD_COLUMNS, type ArticleRow, type CardRow } from '../article-rows.ts';
import { inTx } from '../tx.ts';
import { ownRows } from '../own-rows.ts';
import { enqueueArticleEvents } from './deliveries.ts';
import { storeArticleAnswers } from './article-answers.ts';
import { ARTICLE_FIELDS, FIELD_NAMES, isJson, isList } from '../../model/schemas/article-fields.ts';

export type { ArticleRow, CardRow };

const WRITTEN = FIELD_NAMES.filter((k) => k !== 'slug' && !ARTICLE_FIELDS[k].kept);

/** The stored value of every declared field a publish writes (jsonb for lists and objects; cleared when left out). */
function columns(sql: Sql, a: OwnArticleInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of WRITTEN) {
    const v = (a as Record<string, unknown>)[k];
    out[k] = isJson(k) ? (v === undefined ? (isList(k) ? sql.json([]) : null) : sql.json(v as never)) : (v ?? null);
  }
  return out;
}

/**
 * Creates or updates by slug and publishes. New: published_at = updated_at = now. Edit: published_at kept,
 * updated_at and last_edited now. Consolidation fields change only when the file names them.
 * The change's webhook event is queued in the same transaction (the outbox): `delivery_id` is set when an
 * endpoint of the project is subscribed to it.
 */
export function publishArticle(
  db: Sql,
  projectId: string,
  a: OwnArticleInput,
  at?: { published?: Date; updated?: Date; retired?: boolean },
): Promise<{ id: string; slug: string; created: boolean; delivery_id?: string }> {
  return inTx(db, async (sql) => {
    const row = await upsertArticle(sql, projectId, a, at);
    await storeArticleAnswers(sql, { ids: [row.id] });
    const [delivery_id] = await enqueueArticleEvents(sql, [row.id]);
    return delivery_id ? { ...row, delivery_id } : row;
  });
}

async function upsertArticle(
  sql: Sql,
  projectId: string,
  a: OwnArticleInput,
  at?: { published?: Date; updated?: Date; retired?: boolean },
): Promise<{ id: string; slug: string; created: boolean }> {
  const now = at?.updated ?? new Date();
  const published = at?.published ?? now;
  const keep = (k: 'noindex' | 'redirect_to' | 'redirect_type') =>
    a[k] === undefined ? sql`${sql(`articles.${k}`)}` : sql`${sql(`excluded.${k}`)}`;
  const set = WRITTEN.map((k) => sql`${sql(k)} = ${sql(`excluded.${k}`)}`).reduce((x, y) => sql`${x}, ${y}`);
  const [row] = await sql<{ id: string; slug: string; created: boolean }[]>`
    insert into articles ${sql({
      id: newId('art'),
      project_id: projectId,
      slug: a.slug,
      ...columns(sql, a),
      noindex: a.noindex ?? false,
      redirect_to: a.redirect_to ?? null,
      redirect_type: a.redirect_type ?? null,
      retired: at?.retired ?? false,
      published_at: published,
      created_at: published,
      updated_at: now,
    })}
    on conflict (project_id, slug) do update set ${set},
      noindex = ${keep('noindex')}, redirect_to = ${keep('redirect_to')}, redirect_type = ${keep('redirect_type')},
      unpublished = false, updated_at = ${now}, last_edited = ${now}
    returning id, slug, (xmax = 0) as created`;
  return row!;
}

type Change = Partial<Pick<ArticleRow, 'unpublished' | 'redirect_to' | 'redirect_type' | 'noindex' | 'retired'>>;

/**
 * Applies a consolidation change and queues its webhook event in the same transaction; undefined when the project
 * has no article with that slug.
 */
export function updateArticleState(
  db: Sql,
  projectId: string,
  slug: string,
  change: Change,
): Promise<{ delivery_id?: string } | undefined> {
  return inTx(db, async (sql) => {
    const rows = await sql<{ id: string }[]>`update articles set ${sql(change as Record<string, unknown>)}, updated_at = now()
      where project_id = ${projectId} and slug = ${slug} returning id`;
    if (!rows.length) return undefined;
    await storeArticleAnswers(sql, { ids: [rows[0]!.id] });
    const [delivery_id] = await enqueueArticleEvents(sql, [rows[0]!.id]);
    return delivery_id ? { delivery_id } : {};
  });
}

export type SortKey = 'published_at' | 'updated_at' | 'title';

/** Visible article cards (not unpublished, not redirected), in a stable order with id as the tie-break. */
export async function listArticleCards(
  sql: Sql,
  q: { projectId: string; limit: number; offset: number; sort: SortKey; order: 'asc' | 'desc'; updatedSince?: Date; tag?: string },
): Promise<{ rows: CardRow[]; total: number; version: string }> {
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  // Titles in human alphabetical order (ICU collation of migration 005, over its index), not code point order.
  const by = (t: string) => (q.sort === 'title' ? sql`${sql(t)} collate skribra_title` : sql(t));
  const since = q.updatedSince ? sql`and updated_at >= ${q.updatedSince}` : sql``;
  const tagged = q.tag === undefined ? sql`` : sql`and tags @> ${sql.json([q.tag])}`;
  const where = sql`project_id = ${q.projectId} and not unpublished and redirect_to is null ${since} ${tagged}`;
  // Without a filter the total is the project's trigger-kept count (migration 003): one row read instead of a
  // count over every listed article of the project. With updatedSince it is counted. Either way it is read in
  // the page's statement, so in its snapshot; the left join answers it even for a page past the end.
  const total =
    q.updatedSince || q.tag !== undefined
      ? sql`(select count(*)::int from articles where ${where})`
      : sql`(select visible_articles from projects where id = ${q.projectId})`;
  // The project's articles_version (migration 004) is read in the same statement too: the version this page's
  // data is at, so the list cache never files a page under a version newer than its data.
  // Deferred join: order and page over the narrow partial index (index-only when the visibility map allows),
  // then read the card columns of just this page's rows.
  // Each row names its project (`owner`; the row of an empty page, the one asked): own-rows.ts.
  const rows = await sql<(CardRow & { total: number; version: string; owner: string })[]>`
    with page as (
      select id from articles where ${where}
      order by ${by(q.sort)} ${dir}, id ${dir}
      limit ${q.limit} offset ${q.offset}
    )
    select ${total} as total, (select articles_version::text from projects where id = ${q.projectId}) as version,
      coalesce(a.project_id, ${q.projectId}) as owner, ${sql(CARD_COLUMNS.map((c) => `a.${c}`))}
    from (select) one left join (page join articles a on a.id = page.id) on true
    order by ${by(`a.${q.sort}`)} ${dir}, a.id ${dir}`;
  ownRows(rows, q.projectId, 'article cards');
  return { rows: rows[0]!.id === null ? [] : rows, total: rows[0]!.total ?? 0, version: rows[0]!.version };
}

/** One article of a project by slug, whatever its state (the handler applies consolidation). */
export async function getArticle(sql: Sql, projectId: string, slug: string): Promise<ArticleRow | undefined> {
  const [row] = await sql<ArticleRow[]>`select * from articles where project_id = ${projectId} and slug = ${slug}`;
  return row;
}

// The company blog (src/request/blog): the public view of one project. Retired articles (an editorial flag, set with
// `skribra article retire`) are hidden there too, unlike in the authenticated list.
const publicVisible = (sql: Sql, projectId: string) =>
  sql`project_id = ${projectId} and not unpublished and redirect_to is null and not retired`;

/** A blog summary is made from the card's columns (the public summary shows a subset, with the image's alt and size). */
export type SummaryRow = CardRow;

/** Publicly visible articles, newest first; `q` is a case-insensitive substring of the title. */
export async function listPublicArticles(
  sql: Sql,
  q: { projectId: string; q?: string; limit: number; offset: number },
): Promise<{ rows: SummaryRow[]; total: number }> {
  const title = q.q ? sql`and strpos(lower(title), lower(${q.q})) > 0` : sql``;
  const rows = await sql<(SummaryRow & { total: number })[]>`
    select ${sql(CARD_COLUMNS)}, count(*) over ()::int as total
    from articles where ${publicVisible(sql, q.projectId)} ${title}
    order by published_at desc, id desc limit ${q.limit} offset ${q.offset}`;
  if (rows.length || q.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  const [{ n }] = (await sql<
    { n: number }[]
  >`select count(*)::int as n from articles where ${publicVisible(sql, q.projectId)} ${title}`) as unknown as [{ n: number }];
  return { rows, total: n };
}

/** Publicly visible articles with these slugs (related articles), in no particular order. */
export async function publicArticlesBySlugs(sql: Sql, projectId: string, slugs: string[]): Promise<SummaryRow[]> {
  if (!slugs.length) return [];
  return sql<SummaryRow[]>`select ${sql(CARD_COLUMNS)}
    from articles where ${publicVisible(sql, projectId)} and slug = any(${slugs})`;
}

/**
 * One publicly visible article by slug with the visible articles it names as related (`related_rows`, as cards), in
 * one statement: a page rendered on request waits for one round trip, not two.
 */
export async function getPublicArticleWithRelated(
  sql: Sql,
  projectId: string,
  slug: string,
): Promise<(ArticleRow & { related_rows: SummaryRow[] }) | undefined> {
  const [row] = await sql<(ArticleRow & { related_rows: SummaryRow[] })[]>`
    select a.*, (
      select coalesce(json_agg(r), '[]') from (
        select ${sql(CARD_COLUMNS)} from articles
        where ${publicVisible(sql, projectId)} and slug <> a.slug and slug = any(array(
          select e->>'slug' from jsonb_array_elements(
            case when jsonb_typeof(a.related_articles) = 'array' then a.related_articles else '[]'::jsonb end) e))
      ) r
    ) as related_rows
    from articles a where ${publicVisible(sql, projectId)} and a.slug = ${slug}`;
  return row;
}

/** One publicly visible article by slug, or undefined. */
export async function getPublicArticle(sql: Sql, projectId: string, slug: string): Promise<ArticleRow | undefined> {
  const [row] = await sql<ArticleRow[]>`select * from articles where ${publicVisible(sql, projectId)} and slug = ${slug}`;
  return row;
}

/** Every publicly visible article with its body, newest first: what a site build renders. */
export async function allPublicArticles(sql: Sql, projectId: string): Promise<ArticleRow[]> {
  return sql<ArticleRow[]>`select * from articles where ${publicVisible(sql, projectId)} order by published_at desc, id desc`;
}

/** Every publicly visible article as a list shows it (no bodies) and its noindex mark, newest first: the blog's lists on request. */
export async function allPublicSummaries(sql: Sql, projectId: string): Promise<(SummaryRow & { noindex: boolean })[]> {
  return sql<(SummaryRow & { noindex: boolean })[]>`select ${sql([...CARD_COLUMNS, 'noindex'])}
    from articles where ${publicVisible(sql, projectId)} order by published_at desc, id desc`;
}

/** A stamp that changes whenever any article of the project changes state or content (the build's staleness). */
export async function projectLastChange(sql: Sql, projectId: string): Promise<string> {
  const [row] = await sql<
    { stamp: string }[]
  >`select coalesce(max(updated_at)::text, '') || '/' || count(*) as stamp from articles where project_id = ${projectId}`;
  return row!.stamp;
}
