// The change stream's reads (GET /v1/events): the project's change log after a sync position (sync-feed.ts), as
// server-sent events, each with the sync cursor after it. The cursors follow the sync feed's rule exactly: an event's
// cursor is the `next_cursor` a sync page ending at that change would carry, so a stream and the feed resume from
// each other's positions and a caught-up stream's last cursor equals the caught-up feed's.
import type { Sql } from 'postgres';
import { EVENT_TYPE, type ArticleEvent } from '../../../model/schemas/webhook-events.ts';
import type { ChangeEvent } from '../../../model/schemas/change-event.ts';
import { readSyncPage, type ChangeRow } from '../../../store/repos/sync.ts';
import { encodeCursor, HOUR, type Position } from './sync-feed.ts';

/** Changes read per statement; a stream further behind reads again at once. */
const PAGE = 100;
/** A seq above every real one: a page after it is empty and carries only the head, the clock and the key. */
const END = String(2n ** 63n - 1n);

/** Rows from before migration 007 have no event: their kind and reason say enough. */
const typeOf = (r: ChangeRow): ArticleEvent =>
  EVENT_TYPE[r.event ?? ''] ??
  (r.kind === 'upsert' ? 'article.updated' : r.reason === 'redirected' ? 'article.redirected' : 'article.unpublished');

/** One event in the stream's wire form: its id is the cursor, so `Last-Event-ID` resumes after it. */
export const sseEvent = (event: string, id: string, data: unknown): string =>
  `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

function changeOf(r: ChangeRow, cursor: string): ChangeEvent {
  const type = typeOf(r);
  const a = r.article;
  return {
    type,
    id: r.article_id,
    slug: r.slug,
    at: r.at.toISOString(),
    ...(a && type !== 'article.unpublished' ? { updated_at: new Date(a.updated_at).toISOString() } : {}),
    ...(a?.noindex && r.kind === 'upsert' ? { noindex: true as const } : {}),
    ...(type === 'article.redirected' && a?.redirect_to
      ? { redirect_to: a.redirect_to, redirect_type: a.redirect_type ?? 'temporary' }
      : {}),
    cursor,
  };
}

export interface ChangesRead {
  /** The events, encoded, in seq order ('' when none). */
  text: string;
  /** How many events. */
  count: number;
  /** Where the stream is after them: the last event's cursor's position, or the caught-up position. */
  position: Position;
  /** Its cursor. */
  cursor: string;
  /** More changes follow in the log: read again now. */
  more: boolean;
  /** The store's clock (seconds since the epoch). */
  now: number;
}

/**
 * The changes after `from` (at most one page), as events. Without `from`, none: the position is the project's head,
 * where a stream that was given no cursor starts (as a caught-up sync would leave it).
 */
export async function readChanges(sql: Sql, projectId: string, from: Position | undefined): Promise<ChangesRead> {
  const page = await readSyncPage(sql, {
    projectId,
    after: from ? String(from.after) : END,
    skipRemovedUpTo: String(from?.skip ?? 0n),
    limit: PAGE,
    whole: false,
    budget: Number.MAX_SAFE_INTEGER,
  });
  const nowHours = Math.floor(page.now / HOUR);
  const start: Position = from ?? { after: 0n, skip: 0n, hours: nowHours };
  const more = page.ahead > page.rows.length;
  const head = BigInt(page.head);
  const skipAt = (after: bigint) => (start.skip > after ? start.skip : 0n);
  let text = '';
  let position = start;
  page.rows.forEach((r, i) => {
    const seq = BigInt(r.seq);
    // The sync feed's next_cursor for a page ending here: mid-log, after this change with the same start time;
    // at the end of a caught-up read, past the head (skipped removals included), caught up as of now.
    const last = i === page.rows.length - 1 && !more;
    const after = last && head > seq ? head : seq;
    position = { after, skip: skipAt(after), hours: last ? nowHours : start.hours };
    const cursor = encodeCursor(page.secret, projectId, position);
    text += sseEvent('change', cursor, changeOf(r, cursor));
  });
  if (!page.rows.length && !more) {
    const after = head > start.after ? head : start.after;
    position = { after, skip: skipAt(after), hours: nowHours };
  }
  return { text, count: page.rows.length, position, cursor: encodeCursor(page.secret, projectId, position), more, now: page.now };
}
