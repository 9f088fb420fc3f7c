// The per-request gate of the authenticated API, in one round trip: resolve the key digest to its account,
// count the request in the account's hour and day windows (an upsert that returns the new count, so
// concurrent requests are counted exactly), and look up the requested project on that account.
//
// Only answered requests are counted. Given a `deadline` (the instant the API gives up and answers 503; by default
// now + the API's default bound, $SKRIBRA_DB_TIMEOUT_MS or 5 s, the same instant as the API's own timer), the
// counter upsert is conditional on clock_timestamp() <= deadline, evaluated when the statement runs: a gate
// query that was queued behind a stalled or restarting server and runs only after the 503 went out counts
// nothing. `counted` says whether it counted; the API must not serve a request whose gate did not count
// (answer 503 as it would have a moment earlier), so clock skew between the API and the database can never turn
// into uncounted answers. The same statement sets synchronous_commit = off for its own transaction
// (set_config(..., true) lasts until that statement's implicit commit): the counters are WAL-logged (migration
// 005) but a request never waits for a WAL flush; a crash loses at most the last ~0.6 s of counts.
import type { Sql } from 'postgres';

export type Bucket = 'list' | 'detail';
export interface Window { win: 'hour' | 'day'; hits: number; reset: number }
export interface Access {
  accountId: string | null;
  windows: Window[];
  /**
   * Undefined when no projectId was asked; null when the account has no such project. `articlesVersion` is the
   * project's `articles_version` (migration 004) as of this statement: the list cache's key.
   */
  project?: { id: string; apiEnabled: boolean; articlesVersion: string } | null;
  /** False when the key is valid but the statement ran after `deadline`, so nothing was counted. */
  counted: boolean;
}

/** The content API's bound on a request's store work ($SKRIBRA_DB_TIMEOUT_MS or 5 s), from now. */
export const defaultDeadline = () => new Date(Date.now() + (Number(process.env.SKRIBRA_DB_TIMEOUT_MS) || 5000));

/** `deadline` defaults to the API's default bound from now; the API passes its own (same instant as its timer). */
export async function checkAccess(sql: Sql, digest: string, bucket: Bucket, projectId?: string, deadline: Date = defaultDeadline()): Promise<Access> {
  const inTime = sql`clock_timestamp() <= ${deadline}::timestamptz and`;
  const [row] = await sql<{ account_id: string | null; windows: { win: 'hour' | 'day'; hits: number; reset: number }[] | null; project: { id: string; api_enabled: boolean; v: string } | null }[]>`
    with k as (
      select account_id from api_keys where digest = ${digest} and revoked_at is null
    ), c as (
      insert into rate_counters (account_id, bucket, win, window_start, hits)
      select k.account_id, ${bucket}, w.win, w.start, 1
      from k, (values ('hour', date_trunc('hour', now())), ('day', date_trunc('day', now()))) as w(win, start)
      where ${inTime} set_config('synchronous_commit', 'off', true) = 'off'
      on conflict (account_id, bucket, win, window_start) do update set hits = rate_counters.hits + 1
      returning win, hits,
        ceil(extract(epoch from (window_start + case win when 'hour' then interval '1 hour' else interval '1 day' end) - clock_timestamp()))::int as reset
    )
    select (select account_id from k) as account_id,
      (select json_agg(json_build_object('win', win, 'hits', hits, 'reset', greatest(reset, 1))) from c) as windows,
      ${projectId === undefined ? sql`null::json` : sql`(select json_build_object('id', p.id, 'api_enabled', p.api_enabled, 'v', p.articles_version::text)
        from projects p, k where p.id = ${projectId} and p.account_id = k.account_id)`} as project`;
  return {
    accountId: row?.account_id ?? null,
    windows: row?.windows ?? [],
    counted: Boolean(row?.windows?.length),
    project: projectId === undefined ? undefined : row?.project ? { id: row.project.id, apiEnabled: row.project.api_enabled, articlesVersion: row.project.v } : null,
  };
}

/** Drops counters of windows that ended more than a day ago. */
export async function pruneCounters(sql: Sql): Promise<void> {
  await sql`delete from rate_counters where window_start < now() - interval '2 days'`;
}
