// The per-request access check of the authenticated API, in one round trip: resolve the key digest to its account, count
// the request in the account's hour and day windows (an upsert that returns the new count, so concurrent requests
// are counted exactly), look up the requested project on that account and, for a detail request, read the article: its state
// and its stored answer when it has a current one (migration 010; without one, the handler reads the row,
// detail-answers.ts).
//
// Concurrent requests with the same key and bucket share one statement (createAccessCheck): while a statement for a key is
// in flight, the next requests for it wait and go together in the next one, which adds their number to the counters
// at once and hands out the counts in between, one per request, so each request still gets its own exact count and
// the store runs one upsert per batch instead of one per request (the counter rows of one account are the hot spot:
// every request of that account updates them, one after another).
//
// Only answered requests are counted. Given a `deadline` (the instant the API gives up and answers 503: now + the
// API's bound, SKRIBRA_DB_TIMEOUT_MS of the config its entry point passed down, the same instant as its own timer), the
// counter upsert is conditional on clock_timestamp() <= deadline, evaluated when the statement runs: an access check
// statement that was queued behind a stalled or restarting server and runs only after the 503 went out counts
// nothing. A batch uses the earliest deadline of its requests. `counted` says whether it counted; the API must not
// serve a request whose access check did not count (answer 503 as it would have a moment earlier), so clock skew between
// the API and the database can never turn into uncounted answers. The same statement sets synchronous_commit = off
// for its own transaction (set_config(..., true) lasts until that statement's implicit commit): the counters are
// WAL-logged (migration 005) but a request never waits for a WAL flush; a crash loses at most the last ~0.6 s of
// counts.
import type { Sql } from 'postgres';
import { rowsOf } from '../rows-of.ts';
import { ANSWER_STAMP } from '../own-article-answer.ts';
import { mustOwn } from '../own-rows.ts';
import { isProtocolError, renewPool } from '../renewable-pool.ts';

export type Bucket = 'list' | 'detail';
export interface Window {
  win: 'hour' | 'day';
  hits: number;
  reset: number;
}
export interface Access {
  accountId: string | null;
  windows: Window[];
  /**
   * Undefined when no projectId was asked; null when the account has no such project. `articlesVersion` is the
   * project's `articles_version` (migration 004) as of this statement: the list and detail caches' key.
   */
  project?: { id: string; apiEnabled: boolean; articlesVersion: string } | null;
  /**
   * Undefined when no slug was asked; null when the project (on this account) has no article with that slug. The
   * article's state and its stored answer or its row.
   */
  detail?: AccessArticle | null;
  /** False when the key is valid but the statement ran after `deadline`, so nothing was counted. */
  counted: boolean;
}
/**
 * A detail request's article as the access check reads it, with stored answers (migration 010): its state, and its current
 * stored answer (text and ETag, made for this row version, serialiser and account) when it has one.
 */
export interface AccessArticle {
  id: string;
  unpublished: boolean;
  noindex: boolean;
  answer?: { text: string; etag: string };
}

/** What one request asks the access check for; only values that passed their schema. */
export interface Target {
  projectId?: string;
  slug?: string;
  /**
   * A detail request's: the project's articles_version at which the caller already holds this article's answer. While
   * the project is still at it, the statement leaves the answer and the row out (the article's state still comes).
   */
  known?: string;
}

interface AccessRow {
  access_article?: string | null;
  access_unpublished?: boolean | null;
  access_noindex?: boolean | null;
  access_body?: string | null;
  access_etag?: string | null;
  access_account: string | null;
  access_answer_account?: string | null;
  access_asked: string;
  access_digest: string | null;
  access_ord: number;
  access_windows: Window[] | null;
  access_project: string | null;
  access_api: boolean | null;
  access_version: string | null;
}

/** How long a cancelled access statement may take to end before its connection counts as broken. */
const CANCEL_GRACE_MS = 2000;

/**
 * How long after its deadline a statement still running is cancelled. A statement that starts past its deadline
 * counts nothing by its own condition and ends in milliseconds; the cancel is for one stuck behind a slow server, and
 * cancelling at the deadline itself would race the first kind (through a pooler it often wins, and the caller gets
 * "canceling statement" instead of its uncounted answer).
 */
const CANCEL_AFTER_MS = 250;

/**
 * Cancels a running statement. Through a pooler that is down the cancel request itself is refused: nothing to do then.
 * postgres.js's `query.cancel()` drops the promise of that request, so its refusal would be an unhandled rejection,
 * which ends the process; the query's canceller returns it.
 */
function cancelQuietly(query: object): void {
  const q = query as { canceller?: ((q: object) => Promise<void>) | null };
  const canceller = q.canceller;
  q.canceller = null;
  canceller?.(query).catch(() => {});
}

/** PostgreSQL's disk_full: the counters cannot be written, but the store still reads. */
const DISK_FULL = '53100';

/**
 * One statement for `targets.length` requests of one key and bucket: counts them all, answers each in order. When
 * the store's disk is full the counters cannot be written: the same statement runs again reading them instead, so
 * reads go on, still held to the limits as counted so far (the requests are not added), and the log says why.
 */
export async function checkAccessBatch(
  sql: Sql,
  digest: string,
  bucket: Bucket,
  targets: readonly Target[],
  deadline: Date,
): Promise<Access[]> {
  try {
    return await accessStatement(sql, digest, bucket, targets, deadline, true);
  } catch (err) {
    if ((err as { code?: string }).code !== DISK_FULL) throw err;
    console.error(`content API: the store's disk is full, so requests are not counted until space is freed (${(err as Error).message})`);
    return accessStatement(sql, digest, bucket, targets, deadline, false);
  }
}

async function accessStatement(
  sql: Sql,
  digest: string,
  bucket: Bucket,
  targets: readonly Target[],
  deadline: Date,
  counting: boolean,
): Promise<Access[]> {
  const n = targets.length;
  const wantsArticle = targets.some((t) => t.slug !== undefined);
  const windows = sql`(values ('hour', date_trunc('hour', now())), ('day', date_trunc('day', now()))) as w(win, start)`;
  const end = (table: string, start: string) =>
    sql`${sql(start)} + case ${sql(`${table}.win`)} when 'hour' then interval '1 hour' else interval '1 day' end`;
  const counted = counting
    ? sql`
      insert into rate_counters (account_id, bucket, win, window_start, hits)
      select k.account_id, ${bucket}, w.win, w.start, ${n}::int
      from k, ${windows}
      where clock_timestamp() <= ${deadline}::timestamptz and set_config('synchronous_commit', 'off', true) = 'off'
      on conflict (account_id, bucket, win, window_start) do update set hits = rate_counters.hits + excluded.hits
      returning win, hits, ceil(extract(epoch from (${end('rate_counters', 'window_start')}) - clock_timestamp()))::int as reset`
    : sql`
      select w.win, coalesce(r.hits, 0) + ${n}::int as hits, ceil(extract(epoch from (${end('w', 'w.start')}) - clock_timestamp()))::int as reset
      from k cross join ${windows}
      left join rate_counters r on r.account_id = k.account_id and r.bucket = ${bucket} and r.win = w.win and r.window_start = w.start`;
  // Columns of the article are selected only for detail requests: a list request carries no article bytes. A
  // detail request reads its article's state and its stored answer (two short columns) when the answer is current:
  // made from this very row version (xmin), by this serialiser (stamp), naming the project's account; not the answer
  // when the caller holds it at the project's current version (`known`).
  const article = !wantsArticle
    ? { columns: sql``, joins: sql`` }
    : {
        columns: sql`, a.id as access_article, a.unpublished as access_unpublished, a.noindex as access_noindex,
          case when p.articles_version::text = r.known then null else s.body end as access_body, s.etag as access_etag,
          s.account_id as access_answer_account`,
        joins: sql`left join articles a on a.project_id = p.id and a.slug = r.slug
          left join article_answers s on s.article_id = a.id and s.row_xmin = a.xmin and s.stamp = ${ANSWER_STAMP}
            and s.account_id = p.account_id`,
      };
  const query = sql<AccessRow[]>`
    with k as (
      select account_id, digest from api_keys where digest = ${digest} and revoked_at is null
    ), c as (${counted}), w as (
      select json_agg(json_build_object('win', win, 'hits', hits, 'reset', greatest(reset, 1))) as windows from c
    ), r as (
      select * from unnest(${targets.map((t) => t.projectId ?? null) as string[]}::text[], ${targets.map((t) => t.slug ?? null) as string[]}::text[],
        ${targets.map((t) => t.known ?? null) as string[]}::text[]) with ordinality as r(pid, slug, known, ord)
    )
    select ${digest}::text as access_asked, (select digest from k) as access_digest, r.ord::int as access_ord,
      (select account_id from k) as access_account, case when r.ord = 1 then (select windows from w) end as access_windows,
      p.id as access_project, p.api_enabled as access_api, p.articles_version::text as access_version
      ${article.columns}
    from r
    left join projects p on p.id = r.pid and p.account_id = (select account_id from k)
    ${article.joins}
    order by r.ord`;
  // Past the deadline the API has answered 503 and the statement counts nothing: it is cancelled, so a statement
  // stuck behind a slow server does not keep holding a server connection. A statement that ignores its cancel too,
  // or that the driver could not read, is on a broken connection: the pool is renewed (renewable-pool.ts).
  let ignored: ReturnType<typeof setTimeout> | undefined;
  const cancel = setTimeout(
    () => {
      cancelQuietly(query);
      ignored = setTimeout(() => renewPool(sql, `a statement ignored its cancel for ${CANCEL_GRACE_MS} ms`), CANCEL_GRACE_MS);
    },
    Math.max(0, deadline.getTime() - Date.now()) + CANCEL_AFTER_MS,
  );
  let rows: AccessRow[];
  try {
    rows = await rowsOf(query);
  } catch (err) {
    if (isProtocolError(err)) renewPool(sql, `the driver could not read a reply: ${(err as Error).message}`);
    throw err;
  } finally {
    clearTimeout(cancel);
    clearTimeout(ignored);
  }
  checkAccessRows(rows, digest, targets);
  // The windows come once, on the first row; each request gets its own count of them.
  const counts = rows[0]?.access_windows ?? [];
  return rows.map((row, i) => {
    const windows = counts.map((w) => ({ ...w, hits: w.hits - n + 1 + i }));
    const { projectId, slug } = targets[i]!;
    const access: Access = {
      accountId: row.access_account,
      windows,
      counted: windows.length > 0,
      project:
        projectId === undefined
          ? undefined
          : row.access_project
            ? { id: row.access_project, apiEnabled: row.access_api!, articlesVersion: row.access_version! }
            : null,
    };
    if (slug !== undefined) access.detail = accessArticle(row);
    return access;
  });
}

/**
 * The reply is this statement's, row for row (own-rows.ts): one row per request in order, each naming the digest
 * asked; the key found is that digest's, a project found is the one asked, a stored answer is the key's account's.
 * Only then is a missing key a 401.
 */
function checkAccessRows(rows: AccessRow[], digest: string, targets: readonly Target[]): void {
  mustOwn(rows.length === targets.length, 'access');
  rows.forEach((r, i) =>
    mustOwn(
      r.access_asked === digest &&
        r.access_ord === i + 1 &&
        (r.access_account === null || r.access_digest === digest) &&
        (r.access_project == null || r.access_project === targets[i]!.projectId) &&
        (r.access_body == null || r.access_answer_account === r.access_account),
      'access',
    ),
  );
}

/** A detail row of the statement, as its AccessArticle. */
function accessArticle(r: AccessRow): AccessArticle | null {
  if (!r.access_article) return null;
  const article: AccessArticle = { id: r.access_article, unpublished: r.access_unpublished!, noindex: r.access_noindex! };
  if (r.access_body != null) article.answer = { text: r.access_body, etag: r.access_etag! };
  return article;
}

/**
 * The access check with coalescing: at most one statement in flight per key digest and bucket; requests that arrive
 * meanwhile go together in the next. Unloaded, every request runs at once, alone.
 */
export function createAccessCheck(
  sql: Sql,
  maxBatch = 64,
): (digest: string, bucket: Bucket, target: Target, deadline: Date) => Promise<Access> {
  interface Waiting {
    target: Target;
    deadline: Date;
    resolve: (a: Access) => void;
    reject: (e: unknown) => void;
  }
  const queues = new Map<string, Waiting[]>(); // present while a statement for the key is in flight

  function run(digest: string, bucket: Bucket, lane: string, batch: Waiting[]): void {
    const deadline = new Date(Math.min(...batch.map((w) => w.deadline.getTime())));
    // The lane waits for its statement until the deadline at most: a statement on a connection that never answers
    // (a frozen pooler, a broken protocol stream) fails its batch then, and the next batch runs on, so one stuck
    // statement never leaves the key's requests waiting behind it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bounded = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(Object.assign(new Error('the access statement did not finish by its deadline'), { code: 'ETIMEDOUT' })),
        Math.max(0, deadline.getTime() - Date.now()) + 50,
      );
    });
    Promise.race([
      checkAccessBatch(
        sql,
        digest,
        bucket,
        batch.map((w) => w.target),
        deadline,
      ),
      bounded,
    ])
      .then(
        (answers) => batch.forEach((w, i) => w.resolve(answers[i]!)),
        (err) => batch.forEach((w) => w.reject(err)),
      )
      .finally(() => {
        clearTimeout(timer);
        const waiting = queues.get(lane)!;
        if (!waiting.length) {
          queues.delete(lane);
          return;
        }
        run(digest, bucket, lane, waiting.splice(0, maxBatch));
      });
  }

  return (digest, bucket, target, deadline) =>
    new Promise<Access>((resolve, reject) => {
      const lane = `${bucket}|${digest}`;
      const waiting = queues.get(lane);
      if (waiting) {
        waiting.push({ target, deadline, resolve, reject });
        return;
      }
      queues.set(lane, []);
      run(digest, bucket, lane, [{ target, deadline, resolve, reject }]);
    });
}

/** Drops counters of windows that ended more than a day ago. */
export async function pruneCounters(sql: Sql): Promise<void> {
  await sql`delete from rate_counters where window_start < now() - interval '2 days'`;
}
