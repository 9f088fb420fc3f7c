// The webhook_deliveries table: the outbox rows written with every article change, the worker's claim (FOR UPDATE
// SKIP LOCKED, so two workers never hold the same delivery), the recording of an attempt, and the operator CLI's
// re-queue (its listing, `webhook deliveries`, is listDeliveriesWhere in listings.ts).
import { mustOwn } from '../own-rows.ts';
import type { Sql } from 'postgres';
import { newId } from '../ids.ts';
import type { ArticleRow } from '../article-rows.ts';
import { toOwnArticle, toRemoval } from '../serialize-article.ts';
import { EVENT_TYPE, type ArticleEvent } from '../../model/schemas/webhook-events.ts';

export type DeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed';

/** A claimed delivery with what sending it needs from its project. */
export interface ClaimedDelivery {
  id: string;
  project_id: string;
  event_type: string;
  payload: string;
  attempts: number;
  /** The attempts made before the current retry schedule began (a redelivery starts a new one). */
  schedule_from: number;
  webhook_url: string | null;
  webhook_secret: string | null;
  previous_secret: string | null;
  webhook_disabled_at: Date | null;
  webhook_disabled_reason: string | null;
}

const ms = (sql: Sql, n: number) => sql`(${n}::double precision * interval '1 millisecond')`;

/** Whether an endpoint with these subscriptions gets the change: none set is the spec's default, a first publish only. */
export const subscribed = (events: readonly string[] | null, event: string): boolean =>
  events === null ? event === 'created' : events.includes(EVENT_TYPE[event]!);

type EventRow = ArticleRow & {
  ev_article: string;
  ev_project: string;
  ev_slug: string;
  ev_reason: 'unpublished' | 'redirected' | null;
  ev_event: string;
  ev_seq: string;
  hook_account: string;
  hook_url: string | null;
  hook_disabled: Date | null;
  hook_events: string[] | null;
};

/** The body of one event: the whole article for published and updated, what a site needs to drop it otherwise. */
function eventPayload(r: EventRow): { type: ArticleEvent; body: string } {
  const type = EVENT_TYPE[r.ev_event]!;
  const {
    ev_article,
    ev_project: _p,
    ev_slug,
    ev_reason,
    ev_event: _e,
    ev_seq,
    hook_account,
    hook_url: _u,
    hook_disabled: _d,
    hook_events: _s,
    ...article
  } = r;
  const data =
    type === 'article.published' || type === 'article.updated'
      ? toOwnArticle(article as ArticleRow, hook_account)
      : toRemoval(ev_article, ev_slug, ev_reason ?? 'unpublished', article as ArticleRow);
  return { type, body: JSON.stringify({ type, timestamp: new Date().toISOString(), sequence: Number(ev_seq), data }) };
}

/**
 * Queues, in the caller's transaction, one delivery for each change this transaction recorded in the sync feed's
 * log (migration 007 names its event) for `articleIds`, to each endpoint subscribed to it. The body is serialised
 * now from the row as this transaction wrote it, with the API's own serialiser, so every retry sends the same bytes
 * and `data` is what GET /v1/articles/{slug} returned at that moment. A write that changed nothing records no
 * change, so it sends nothing. Returns the ids of the queued deliveries.
 */
export async function enqueueArticleEvents(tx: Sql, articleIds: readonly string[]): Promise<string[]> {
  // Only rows this transaction wrote: a row version's xmin is the transaction that wrote it.
  const rows = await tx<EventRow[]>`
    select c.article_id as ev_article, c.project_id as ev_project, c.slug as ev_slug, c.reason as ev_reason, c.event as ev_event,
      c.seq::text as ev_seq, p.account_id as hook_account, p.webhook_url as hook_url, p.webhook_disabled_at as hook_disabled,
      p.webhook_events as hook_events, a.*
    from article_changes c join projects p on p.id = c.project_id left join articles a on a.id = c.article_id
    where c.article_id = any(${articleIds as string[]}) and c.xmin::text = (pg_current_xact_id()::text::bigint % 4294967296)::text
      and p.webhook_url is not null and p.webhook_disabled_at is null
    order by c.seq`;
  const ids: string[] = [];
  // Each event's article is of the project whose endpoint gets it (own-rows.ts).
  for (const r of rows) mustOwn(articleIds.includes(r.ev_article) && (r.id == null || r.project_id === r.ev_project), 'webhook event');
  for (const r of rows) {
    if (!subscribed(r.hook_events, r.ev_event)) continue;
    const { type, body } = eventPayload(r);
    const id = newId('msg');
    await tx`insert into webhook_deliveries (id, project_id, article_id, event_type, payload, sequence, next_attempt_at)
      values (${id}, ${r.ev_project}, ${r.id ?? null}, ${type}, ${body}, ${r.ev_seq}, now())`;
    ids.push(id);
  }
  return ids;
}

/**
 * Claims up to `limit` due deliveries (or just `ids`, when due) and counts the attempt. The claim is a lease:
 * `next_attempt_at` moves `leaseMs` ahead, so a worker that dies mid-send leaves a row another worker claims
 * again once the lease runs out, with the same webhook-id.
 */
export async function claimDue(sql: Sql, o: { limit: number; leaseMs: number; ids?: string[] }): Promise<ClaimedDelivery[]> {
  const only = o.ids ? sql`and id = any(${o.ids})` : sql``;
  return sql<ClaimedDelivery[]>`
    with due as (
      select id from webhook_deliveries
      where status in ('pending', 'sending') and next_attempt_at <= now() ${only}
      order by next_attempt_at, id
      limit ${o.limit}
      for update skip locked
    ), claimed as (
      update webhook_deliveries d
      set status = 'sending', attempts = d.attempts + 1, next_attempt_at = now() + ${ms(sql, o.leaseMs)},
          last_attempt_at = now(), updated_at = now()
      from due where d.id = due.id
      returning d.id, d.project_id, d.event_type, d.payload, d.attempts, d.schedule_from
    )
    select c.*, p.webhook_url, p.webhook_secret, p.webhook_disabled_at, p.webhook_disabled_reason,
      case when p.webhook_previous_secret_until > now() then p.webhook_previous_secret end as previous_secret
    from claimed c join projects p on p.id = c.project_id
    order by c.id`;
}

export async function markDelivered(sql: Sql, id: string, status: number): Promise<void> {
  // Unconditional on the claim: once a 2xx came back the delivery is done, whoever else may hold it.
  await sql`update webhook_deliveries set status = 'delivered', delivered_at = now(), next_attempt_at = null,
    last_status = ${status}, last_error = null, updated_at = now() where id = ${id}`;
}

/**
 * What is stored of an error text: a receiver writes part of it (its answer's body), so control characters (terminal
 * escape codes among them) are replaced before it is kept and later printed by the CLI, and it is bounded.
 */
export const storedError = (text: string): string =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this strips
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .slice(0, 500);

/** A failed attempt: due again after `delayMs`, or failed for good when that is undefined. */
export async function markFailedAttempt(
  sql: Sql,
  d: Pick<ClaimedDelivery, 'id' | 'attempts'>,
  status: number | undefined,
  error: string,
  delayMs: number | undefined,
): Promise<void> {
  const next = delayMs === undefined ? sql`null` : sql`now() + ${ms(sql, delayMs)}`;
  // Only the holder of this attempt's claim records it; a delivered row is never reopened.
  await sql`update webhook_deliveries set status = ${delayMs === undefined ? 'failed' : 'pending'}, next_attempt_at = ${next},
    last_status = ${status ?? null}, last_error = ${storedError(error)}, updated_at = now()
    where id = ${d.id} and status = 'sending' and attempts = ${d.attempts}`;
}

/** 410 Gone: the receiver retired the endpoint. No more deliveries until an operator sets it again. */
export async function disableEndpoint(sql: Sql, projectId: string, reason: string): Promise<void> {
  await sql`update projects set webhook_disabled_at = now(), webhook_disabled_reason = ${reason}, updated_at = now()
    where id = ${projectId} and webhook_disabled_at is null`;
}

/**
 * Puts a delivery back in the queue, due now, with the same id and body and a fresh retry schedule: its attempts so
 * far stay counted (the next one adds to them), and the schedule starts again from them. A delivered one is left
 * alone: a delivery is never sent again after a 2xx.
 */
export async function requeueDelivery(sql: Sql, id: string): Promise<{ status: DeliveryStatus; project_id: string } | undefined> {
  const [row] = await sql<{ status: DeliveryStatus; project_id: string }[]>`
    update webhook_deliveries set status = 'pending', schedule_from = attempts, next_attempt_at = now(), updated_at = now()
    where id = ${id} and status in ('pending', 'failed') returning status, project_id`;
  if (row) return row;
  const [current] = await sql<
    { status: DeliveryStatus; project_id: string }[]
  >`select status, project_id from webhook_deliveries where id = ${id}`;
  return current;
}
