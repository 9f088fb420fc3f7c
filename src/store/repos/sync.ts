// The sync feed's reads (migration 006): one page of a project's change log in `seq` order, with what the cursor
// needs from the same snapshot, and the pruning of old removals.
import type { Sql } from 'postgres';
import type { CardRow } from './articles.ts';

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
  at: Date;
  /** The article's card columns, for an upsert (null for a removal). */
  card: CardRow | null;
}

export interface SyncPage {
  rows: ChangeRow[];
  /** Whether rows past this page exist in this snapshot. */
  hasMore: boolean;
  /** The project's highest seq in this snapshot ('0' when the log is empty). */
  head: string;
  /** The store's clock at this statement (seconds since the epoch). */
  now: number;
  /** The cursor signing key, read in the same round trip. */
  secret: string;
}

/**
 * Changes of `projectId` after `after`, oldest first, at most `limit`. Unpublished removals at or below
 * `skipRemovedUpTo` are left out (an initial sync needs no removal recorded before it began); redirected ones are
 * current state (the slug now redirects, and a site must say so), so an initial sync gets them too. One statement, so the page, the head, the
 * cards and the clock are one snapshot. READ COMMITTED is enough: writers of a project draw seqs in commit order
 * (the project row lock in migration 006's trigger), so any snapshot sees a prefix of the project's seqs.
 */
export async function readSyncPage(sql: Sql, q: { projectId: string; after: string; skipRemovedUpTo: string; limit: number }): Promise<SyncPage> {
  const rows = await sql<(Omit<ChangeRow, 'card'> & CardRow & { secret: string; now: number; head: string; card_id: string | null })[]>`
    with page as (
      select seq, article_id, slug, kind, reason, at from article_changes
      where project_id = ${q.projectId} and seq > ${q.after}::bigint and (kind = 'upsert' or reason = 'redirected' or seq > ${q.skipRemovedUpTo}::bigint)
      order by seq
      limit ${q.limit + 1}
    )
    select (select secret from sync_secret) as secret,
      extract(epoch from now())::float8 as now,
      (select coalesce(max(seq), 0)::text from article_changes where project_id = ${q.projectId}) as head,
      p.seq::text as seq, p.article_id, p.slug, p.kind, p.reason, p.at,
      a.id as card_id, a.title, a.slug as card_slug, a.excerpt, a.image_url, a.type, a.reading_time, a.published_at, a.updated_at, a.keyword, a.url
    from (select) one
    left join (page p left join articles a on p.kind = 'upsert' and a.id = p.article_id) on true
    order by p.seq`;
  const first = rows[0]!;
  const changes: ChangeRow[] = first.seq === null ? [] : rows.map((r) => ({
    seq: r.seq, article_id: r.article_id, slug: r.slug, kind: r.kind, reason: r.reason, at: r.at,
    card: r.card_id === null ? null : {
      id: r.card_id, title: r.title, slug: (r as unknown as { card_slug: string }).card_slug, excerpt: r.excerpt, image_url: r.image_url,
      type: r.type, reading_time: r.reading_time, published_at: r.published_at, updated_at: r.updated_at, keyword: r.keyword, url: r.url,
    },
  }));
  const hasMore = changes.length > q.limit;
  return { rows: hasMore ? changes.slice(0, q.limit) : changes, hasMore, head: first.head, now: Number(first.now), secret: first.secret };
}

/**
 * Deletes unpublished removals past the retention. Upserts and redirects are the live state of a slug and stay
 * (an initial sync serves them). Returns how many went.
 */
export async function pruneSyncChanges(sql: Sql): Promise<number> {
  const rows = await sql`delete from article_changes where kind = 'removed' and reason = 'unpublished' and at < now() - ${SYNC_PRUNE_DAYS} * interval '1 day'`;
  return rows.count;
}
