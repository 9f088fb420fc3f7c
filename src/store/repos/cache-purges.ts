// The cache purge cursors (migration 013) and the reads of the blog's change log that purges need: the purge worker
// (src/request/blog/purge-blog-changes.ts) claims a target's cursor as a lease, FOR UPDATE SKIP LOCKED, so two workers never
// send one batch at once; the local origin's follower (src/request/blog/follow-blog-changes.ts) reads past its last seq.
import type { Sql } from 'postgres';

const ms = (sql: Sql, n: number) => sql`(${n}::double precision * interval '1 millisecond')`;

/** A target's cursor as one claim found it. */
export type PurgeClaim =
  /** The caller holds the target until `leaseMs` from now: purge the changes after `seq`. */
  | { state: 'claimed'; seq: string; failures: number }
  /** Every change is purged there. */
  | { state: 'idle' }
  /** Changes wait, but not yet: the rate limit, a back-off or another worker's claim (due in `dueInMs`). */
  | { state: 'waiting'; dueInMs: number }
  /** No cursor yet for this target. */
  | { state: 'missing' };

/**
 * Claims `target` when it is due and the blog project (`projectId`) has changes past its cursor: one statement, whose
 * claim is committed at once as a lease (`next_at` moves `leaseMs` ahead), so no transaction stays open while the
 * batch is sent, and a worker that dies mid-send leaves the batch to the next one once the lease runs out.
 */
export async function claimPurgeCursor(sql: Sql, o: { target: string; projectId: string; leaseMs: number }): Promise<PurgeClaim> {
  const [row] = await sql<
    { claimed: string | null; failures: number | null; seq: string | null; due_in_ms: number | null; pending: boolean }[]
  >`
    with due as (
      select c.target from cache_purge_cursors c
      where c.target = ${o.target} and c.next_at <= clock_timestamp()
        and exists (select 1 from article_changes a where a.project_id = ${o.projectId} and a.seq > c.seq)
      for update skip locked
    ), claimed as (
      update cache_purge_cursors c set next_at = clock_timestamp() + ${ms(sql, o.leaseMs)}
      from due where c.target = due.target
      returning c.seq, c.failures
    ), cur as (
      select seq, next_at from cache_purge_cursors where target = ${o.target}
    )
    select (select seq::text from claimed) as claimed, (select failures from claimed) as failures,
      (select seq::text from cur) as seq,
      (select greatest(0, extract(epoch from next_at - clock_timestamp()) * 1000)::float8 from cur) as due_in_ms,
      exists (select 1 from article_changes a where a.project_id = ${o.projectId}
        and a.seq > coalesce((select seq from cur), 0)) as pending`;
  if (row!.claimed !== null) return { state: 'claimed', seq: row!.claimed, failures: row!.failures ?? 0 };
  if (row!.seq === null) return { state: 'missing' };
  return row!.pending ? { state: 'waiting', dueInMs: Math.ceil(row!.due_in_ms ?? 0) } : { state: 'idle' };
}

/** Creates the target's cursor at the start of the log (a first purge sends every change, in batches). */
export async function createPurgeCursor(sql: Sql, target: string): Promise<void> {
  await sql`insert into cache_purge_cursors (target) values (${target}) on conflict (target) do nothing`;
}

/** The target accepted the batch up to `seq`: the cursor moves there, and the next batch waits `spacingMs`. */
export async function markPurged(sql: Sql, target: string, seq: string, spacingMs: number): Promise<void> {
  await sql`update cache_purge_cursors set seq = greatest(seq, ${seq}::bigint), next_at = clock_timestamp() + ${ms(sql, spacingMs)},
    failures = 0, last_error = null, purged_at = now()
    where target = ${target}`;
}

/** The target refused the batch or did not answer: the cursor stays, and the batch is tried again after `delayMs`. */
export async function markPurgeFailed(sql: Sql, target: string, error: string, delayMs: number): Promise<void> {
  await sql`update cache_purge_cursors set next_at = clock_timestamp() + ${ms(sql, delayMs)}, failures = failures + 1,
    last_error = ${error.slice(0, 500)}
    where target = ${target}`;
}

export interface ChangedSlugs {
  /** The project's highest seq in this snapshot ('0' for an empty log). */
  head: string;
  /** Changes after the seq asked, oldest first: the slug each touched (a removal's: the slug it had while listed). */
  changes: { seq: string; slug: string }[];
}

/** The blog project's changes after `after`, at most `limit`, with the log's head: one statement, one snapshot. */
export async function readChangedSlugs(sql: Sql, projectId: string, after: string, limit: number): Promise<ChangedSlugs> {
  const rows = await sql<{ head: string; seq: string | null; slug: string | null }[]>`
    select h.head, c.seq::text as seq, c.slug
    from (select coalesce(max(seq), 0)::text as head from article_changes where project_id = ${projectId}) h
    left join lateral (
      select seq, slug from article_changes where project_id = ${projectId} and seq > ${after}::bigint order by seq limit ${limit}
    ) c on true
    order by c.seq`;
  return {
    head: rows[0]!.head,
    changes: rows.flatMap((r) => (r.seq === null ? [] : [{ seq: r.seq, slug: r.slug! }])),
  };
}
