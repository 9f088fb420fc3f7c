// The sync feed's reads (migration 006): one page of a project's change log in `seq` order, with what the cursor
// needs from the same snapshot, and the pruning of old removals.
import type { Sql } from 'postgres';
import { FIELD_NAMES, isText } from '../../model/schemas/article-fields.ts';
import { CARD_COLUMNS, type ArticleRow } from '../article-rows.ts';
import { ownRows } from '../own-rows.ts';

/** A cursor older than this is refused; the client starts over with a full sync. */
export const SYNC_RETENTION_DAYS = 30;
/**
 * Removals are kept a day longer than a cursor lives: a removal's `at` is its transaction's start, which can be
 * earlier than the moment it became visible, so the margin covers any writer that ran for less than a day.
 */
export const SYNC_PRUNE_DAYS = SYNC_RETENTION_DAYS + 1;

export interface ChangeRow {
  seq: string;
  article_id: string;
  slug: string;
  kind: 'upsert' | 'removed';
  reason: 'unpublished' | 'redirected' | null;
  /** The lifecycle event (migration 007): created, published, updated, unpublished, redirected; null before it. */
  event: string | null;
  at: Date;
  /**
   * The article as stored now: for an upsert every column (or the card's only), for a redirect its target; null for
   * an unpublished removal.
   */
  article: ArticleRow | null;
}

export interface SyncPage {
  rows: ChangeRow[];
  /**
   * How many changes follow `after` in this snapshot, up to `limit + 1`: more than the rows a page keeps means the
   * client must ask again.
   */
  ahead: number;
  /** The project's highest seq in this snapshot ('0' when the log is empty). */
  head: string;
  /** The store's clock at this statement (seconds since the epoch). */
  now: number;
  /** The cursor signing key, read in the same round trip. */
  secret: string;
}

/**
 * The columns whose bytes the statement below adds up to estimate a whole upsert's size: every declared field stored
 * as text (the field table's, so a new text field counts without an edit here).
 */
const TEXT_COLUMNS = FIELD_NAMES.filter(isText);

/**
 * Changes of `projectId` after `after`, oldest first, at most `limit`. Unpublished removals at or below
 * `skipRemovedUpTo` are left out (an initial sync needs no removal recorded before it began); redirected ones are
 * current state (the slug now redirects, and a site must say so), so an initial sync gets them too. One statement,
 * so the page, the head, the articles and the clock are one snapshot. READ COMMITTED is enough: writers of a project
 * draw seqs in commit order (the project row lock in migration 006's trigger), so any snapshot sees a prefix of the
 * project's seqs.
 *
 * With `whole`, each upsert carries every column, and the page's articles are read only while the stored text
 * before them stays under `budget` bytes (octet_length reads a TOASTed value's size without its bytes): the
 * handler then cuts the page at its exact encoded size, so a page of large articles costs the store one budget
 * of reading, not `limit` articles. Without it, only the card's columns.
 */
export async function readSyncPage(
  sql: Sql,
  q: { projectId: string; after: string; skipRemovedUpTo: string; limit: number; whole: boolean; budget: number },
): Promise<SyncPage> {
  const size = TEXT_COLUMNS.map((c) => sql`coalesce(octet_length(a.${sql(c)}), 0)`).reduce((x, y) => sql`${x} + ${y}`);
  // A card also carries noindex, which the change stream reports (the card itself does not show it).
  const columns = q.whole ? sql`a.*` : sql`${sql([...CARD_COLUMNS, 'redirect_to', 'redirect_type', 'noindex'].map((c) => `a.${c}`))}`;
  const rows = await sql<
    (ArticleRow & {
      c_seq: string | null;
      c_article: string;
      c_slug: string;
      c_kind: ChangeRow['kind'];
      c_reason: ChangeRow['reason'];
      c_event: string | null;
      c_at: Date;
      c_ahead: number;
      c_secret: string;
      c_now: number;
      c_head: string;
      c_found: boolean;
      owner: string;
    })[]
  >`
    with page as (
      select seq, article_id, slug, kind, reason, event, at, project_id from article_changes
      where project_id = ${q.projectId} and seq > ${q.after}::bigint and (kind = 'upsert' or reason = 'redirected' or seq > ${q.skipRemovedUpTo}::bigint)
      order by seq
      limit ${q.limit + 1}
    ), sized as (
      select p.*, count(*) over () as ahead,
        coalesce(sum(${q.whole ? size : sql`0`}) over (order by p.seq rows between unbounded preceding and 1 preceding), 0) as before
      from page p left join articles a on p.kind = 'upsert' and a.id = p.article_id
    )
    select (select secret from sync_secret) as c_secret,
      extract(epoch from now())::float8 as c_now,
      (select coalesce(max(seq), 0)::text from article_changes where project_id = ${q.projectId}) as c_head,
      s.seq::text as c_seq, s.article_id as c_article, s.slug as c_slug, s.kind as c_kind, s.reason as c_reason, s.event as c_event, s.at as c_at,
      s.ahead::int as c_ahead, a.id is not null as c_found, coalesce(s.project_id, ${q.projectId}) as owner, ${columns}
    from (select) one
    left join (sized s left join articles a on (s.kind = 'upsert' or s.reason = 'redirected') and a.id = s.article_id) on s.before < ${q.budget}
    order by s.seq`;
  // Each change names its project (the row of an empty page, the one asked), and so does a whole article: own-rows.ts.
  ownRows(rows, q.projectId, 'sync changes');
  if (q.whole)
    ownRows(
      rows.filter((r) => r.c_found).map((r) => ({ owner: r.project_id })),
      q.projectId,
      'sync articles',
    );
  const first = rows[0]!;
  const changes: ChangeRow[] =
    first.c_seq === null
      ? []
      : rows.map((r) => {
          const {
            c_seq,
            c_article,
            c_slug,
            c_kind,
            c_reason,
            c_event,
            c_at,
            c_ahead: _a,
            c_secret: _s,
            c_now: _n,
            c_head: _h,
            c_found,
            owner: _o,
            ...article
          } = r;
          return {
            seq: c_seq!,
            article_id: c_article,
            slug: c_slug,
            kind: c_kind,
            reason: c_reason,
            event: c_event,
            at: c_at,
            article: c_found ? (article as ArticleRow) : null,
          };
        });
  return {
    rows: changes.slice(0, q.limit),
    ahead: first.c_ahead ?? 0,
    head: first.c_head,
    now: Number(first.c_now),
    secret: first.c_secret,
  };
}

/**
 * The highest seq of each project's change log (absent: an empty log), for the change stream's one poller: a
 * backward scan of the (project_id, seq) index per project, so one statement costs the same however large the
 * projects. Per project, not one global watermark: seqs are drawn in commit order within a project only (migration
 * 006), so a global "seq > last" could pass over a lower seq of another project that commits later.
 */
export async function readChangeHeads(sql: Sql, projectIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await sql<{ project_id: string; head: string | null }[]>`
    select p as project_id, (select max(seq) from article_changes where project_id = p)::text as head
    from unnest(${sql.array([...projectIds])}::text[]) p`;
  return new Map(rows.flatMap((r) => (r.head === null ? [] : [[r.project_id, r.head] as const])));
}

/** The key that signs sync cursors (migration 006). */
export async function readSyncSecret(sql: Sql): Promise<string> {
  const [row] = await sql<{ secret: string }[]>`select secret from sync_secret`;
  return row!.secret;
}

/**
 * Deletes unpublished removals past the retention. Upserts and redirects are the live state of a slug and stay
 * (an initial sync serves them). Returns how many went.
 */
export async function pruneSyncChanges(sql: Sql): Promise<number> {
  const rows =
    await sql`delete from article_changes where kind = 'removed' and reason = 'unpublished' and at < now() - ${SYNC_PRUNE_DAYS} * interval '1 day'`;
  return rows.count;
}
