// GET /v1/sync, the pure part: the query schema and one feed page for a project the access check has already authorised.
// The pipeline does key, rate limit (a list request), query validation, project checks, ETag/304 and caching.
//
// Cursor: base64url of `v1.<after>.<skip>.<t>.<mac>`.
//   after  the last seq the client has (its position in the project's change log, migration 006)
//   skip   during an initial sync, the log's head when it began: unpublished removals at or below it are left out
//          (redirects are current state and always served)
//   t      when the client was last caught up (or began its initial sync), in whole hours since the epoch; removals
//          committed after t are what the client still needs, and they are kept SYNC_RETENTION_DAYS (+1), so a
//          cursor with an older t is refused rather than silently missing a pruned removal. Whole hours keep
//          a caught-up client's cursor, and so the response and its ETag, the same between polls (304s).
//   mac    HMAC-SHA256 over the project id and the fields, keyed by the store's sync_secret: a cursor cannot be
//          forged, altered, or used with another project.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Sql } from 'postgres';
import type { QueryOf } from '../http/handlers-of.ts';
import type { syncOwnArticles } from '../../../model/endpoints/content/sync-own-articles.endpoint.ts';
import { invalidQuery } from '../http/api-error.ts';
import { pruneSyncChanges, readSyncPage, readSyncSecret, SYNC_RETENTION_DAYS } from '../../../store/repos/sync.ts';
import type { SyncItem } from '../../../model/schemas/sync.ts';
import { toCard, toOwnArticle, toRemoval } from '../../../store/serialize-article.ts';
import { Reply } from '../http/respond.ts';
import { strongEtag } from '../../../model/core/etag.ts';

export type { SyncItem };

export const HOUR = 3600;
/** Prune old removals once every this many feed pages a process serves. */
const PRUNE_EVERY = 500;

/** GET /v1/sync's query, validated by the pipeline with its endpoint's schema (sync-own-articles.endpoint.ts). */
export type SyncQuery = QueryOf<typeof syncOwnArticles>;

export interface Position {
  after: bigint;
  skip: bigint;
  hours: number;
}

const mac = (secret: string, projectId: string, p: Position) =>
  createHmac('sha256', secret).update(`sync1\n${projectId}\n${p.after}\n${p.skip}\n${p.hours}`).digest();

/** Signs a position into a cursor (exported for tests, which need cursors of a chosen age). */
export function encodeCursor(secret: string, projectId: string, p: Position): string {
  return Buffer.from(`v1.${p.after}.${p.skip}.${p.hours}.${mac(secret, projectId, p).toString('base64url')}`).toString('base64url');
}

const malformed = () => invalidQuery('cursor', 'is not a valid sync cursor for this project; start a new sync without a cursor');

/** The cursor's fields, unverified: `verifiedPosition` checks them before use. */
function decode(cursor: string): Position & { mac: Buffer } {
  const m = /^v1\.(\d{1,19})\.(\d{1,19})\.(\d{1,9})\.([\w-]{43})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!m || Buffer.from(m[0]).toString('base64url') !== cursor) throw malformed();
  return { after: BigInt(m[1]!), skip: BigInt(m[2]!), hours: Number(m[3]), mac: Buffer.from(m[4]!, 'base64url') };
}

let served = 0;

/**
 * A page's body stays under this many bytes (Netlify buffers at most 6 MB of a function's answer): items are added
 * while the encoded page fits, and a page always holds at least one item, however large.
 */
export const SYNC_PAGE_BYTES = 4_000_000;
/** The envelope around the items, with room to spare: `{"data":{"items":[],"next_cursor":"…","has_more":false}}`. */
const ENVELOPE_BYTES = 1024;

/** The signing key, read once per process; read again when a cursor fails it (a TRUNCATE changes the key). */
let signingKey: string | undefined;
const readSigningKey = async (sql: Sql) => (signingKey = await readSyncSecret(sql));

/**
 * A cursor's position, verified before any of its numbers reach SQL: a forged, altered or foreign cursor is a 400,
 * and so is one signed by a key that has since changed.
 */
export async function verifiedPosition(sql: Sql, projectId: string, cursor: string): Promise<Position> {
  const given = decode(cursor);
  const valid = (key: string) => timingSafeEqual(given.mac, mac(key, projectId, given));
  if (!valid(signingKey ?? (await readSigningKey(sql))) && !valid(await readSigningKey(sql))) throw malformed();
  return given;
}

/** 400 for a cursor whose client was last caught up longer ago than removals are kept (`nowHours`: the store's clock). */
export function refuseExpired(given: Position | undefined, nowHours: number, param = 'cursor'): void {
  if (given && nowHours - given.hours > SYNC_RETENTION_DAYS * 24) {
    throw invalidQuery(
      param,
      `has expired (a client must sync at least every ${SYNC_RETENTION_DAYS} days); start a new sync without a cursor`,
    );
  }
}

/** The feed page after the access check has authorised `projectId` for `accountId`, as its finished JSON text. */
export async function syncFeed(sql: Sql, ctx: { projectId: string; accountId: string }, query: SyncQuery): Promise<Reply> {
  const given = query.cursor === undefined ? undefined : await verifiedPosition(sql, ctx.projectId, query.cursor);
  const whole = query.fields === 'article';
  const page = await readSyncPage(sql, {
    projectId: ctx.projectId,
    after: String(given?.after ?? 0n),
    // An initial sync skips every unpublished removal already in the log; its later pages those up to where it began.
    skipRemovedUpTo: given ? String(given.skip) : String(2n ** 63n - 1n),
    limit: query.limit,
    whole,
    budget: SYNC_PAGE_BYTES,
  });
  signingKey = page.secret;
  const nowHours = Math.floor(page.now / HOUR);
  refuseExpired(given, nowHours);
  if (++served % PRUNE_EVERY === 0) pruneSyncChanges(sql).catch(() => {});

  // Each item encoded once; the page ends before the one that would not fit.
  const items: string[] = [];
  let bytes = ENVELOPE_BYTES;
  let kept = 0;
  for (const r of page.rows) {
    const item: SyncItem | undefined =
      r.kind === 'removed'
        ? { type: 'removed', ...toRemoval(r.article_id, r.slug, r.reason!, r.article), at: r.at.toISOString() }
        : r.article
          ? { type: 'upsert', article: whole ? toOwnArticle(r.article, ctx.accountId) : toCard(r.article) }
          : undefined;
    const text = item ? JSON.stringify(item) : '';
    const size = Buffer.byteLength(text) + 1;
    if (kept > 0 && bytes + size > SYNC_PAGE_BYTES) break;
    bytes += size;
    kept++;
    if (item) items.push(text);
  }
  const hasMore = kept < page.ahead;
  const head = BigInt(page.head);
  const last = kept ? BigInt(page.rows[kept - 1]!.seq) : (given?.after ?? 0n);
  // Caught up: nothing past `head` is visible in this snapshot, so the client may start after it (an initial sync
  // skipped the removals in between), and it was caught up as of now. Otherwise: after the last item, same start time.
  const after = hasMore ? last : head > last ? head : last;
  const skipInitial = given ? given.skip : head;
  const next: Position = {
    after,
    skip: skipInitial > after ? skipInitial : 0n,
    hours: hasMore ? (given?.hours ?? nowHours) : nowHours,
  };
  const text = `{"data":{"items":[${items.join(',')}],"next_cursor":${JSON.stringify(encodeCursor(page.secret, ctx.projectId, next))},"has_more":${hasMore}}}\n`;
  return new Reply(undefined, {}, { body: text, etag: strongEtag(text) });
}
