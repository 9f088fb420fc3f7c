// The purge worker: for each configured target (purge-targets.ts), the blog project's changes past the target's cursor
// become one batch of cache tags (changeTags, each once), sent as one purge; the cursor moves only once the target
// accepted it, so a refused or unanswered purge is sent again, never lost. The local origin runs it on a timer
// (start-purge-timer.ts), the CLI right after a change and a Netlify scheduled function through drainBlogPurges; the
// claim (a lease taken FOR UPDATE SKIP LOCKED) keeps any two of them from sending one batch twice.
import type { Sql } from 'postgres';
import type { Config } from '../../model/config.ts';
import { claimPurgeCursor, createPurgeCursor, markPurged, markPurgeFailed, readChangedSlugs } from '../../store/repos/cache-purges.ts';
import { getBlogProjectId } from '../../store/repos/blog-project.ts';
import { changeTags, MAX_TAG_LENGTH } from '../../model/core/cache-tags.ts';
import { purgeTargets, type PurgeConfig, type PurgeTarget } from './purge-targets.ts';

/**
 * Netlify purges a tag at most twice in 5 s, and every batch carries the lists' tag: one batch per target every
 * 2.5 s, counted from the end of the previous attempt (accepted or not), so two never start closer than that.
 */
const SPACING_MS = 2500;
/** A claim's lease: above the purge's timeout (10 s), so a live worker's batch is never taken over. */
const LEASE_MS = 30_000;
/** After failures in a row: 2.5, 5, 10, 20, 40, then 60 s (or the target's Retry-After, when longer). */
const MAX_BACKOFF_MS = 60_000;
/** A batch: at most this many changes read, this many tags, and tags of this many characters in all (a header). */
const MAX_CHANGES = 100;
const MAX_TAGS = 100;
const MAX_CHARS = 4000;

export type WorkerConfig = PurgeConfig & Pick<Config, 'SKRIBRA_BLOG_PROJECT_ID'>;

export interface PurgeOptions {
  /** The config the entry point read: the targets and the blog's project. */
  config: WorkerConfig;
  /** Instead of the config's targets (tests). */
  targets?: PurgeTarget[];
  /** One line per batch sent or refused. */
  log?: (line: string) => void;
}

/** What one target did in a run. */
export type PurgeBatch = { target: string } & (
  | { state: 'sent'; tags: string[]; changes: number }
  | { state: 'failed'; tags: string[]; error: string; retryInMs: number }
  /** Every change is purged there. */
  | { state: 'idle' }
  /** Changes wait for the target's next slot, or another worker is sending them. */
  | { state: 'waiting'; dueInMs: number }
);

/** The first changes whose tags fit in one batch, and the seq the cursor moves to once it is accepted. */
function batchOf(changes: { seq: string; slug: string }[]): { tags: string[]; upTo: string; count: number } {
  const tags = new Set<string>();
  let chars = 0;
  let count = 0;
  for (const change of changes) {
    const adds = changeTags(change.slug).filter((t) => !tags.has(t) && t.length <= MAX_TAG_LENGTH);
    const more = adds.reduce((n, t) => n + t.length + 1, 0);
    if (count > 0 && (tags.size + adds.length > MAX_TAGS || chars + more > MAX_CHARS)) break;
    for (const t of adds) tags.add(t);
    chars += more;
    count++;
  }
  return { tags: [...tags], upTo: changes[count - 1]!.seq, count };
}

async function purgeTarget(sql: Sql, projectId: string, target: PurgeTarget, log: (line: string) => void): Promise<PurgeBatch> {
  const claimOf = () => claimPurgeCursor(sql, { target: target.name, projectId, leaseMs: LEASE_MS });
  let claim = await claimOf();
  if (claim.state === 'missing') {
    await createPurgeCursor(sql, target.name);
    claim = await claimOf();
  }
  if (claim.state === 'waiting') return { target: target.name, state: 'waiting', dueInMs: claim.dueInMs };
  if (claim.state !== 'claimed') return { target: target.name, state: 'idle' };
  const { changes } = await readChangedSlugs(sql, projectId, claim.seq, MAX_CHANGES);
  if (!changes.length) {
    await markPurged(sql, target.name, claim.seq, 0); // gone since the claim (pruned): nothing to send
    return { target: target.name, state: 'idle' };
  }
  const { tags, upTo, count } = batchOf(changes);
  const answer = await target.send(tags);
  if (answer.ok) {
    await markPurged(sql, target.name, upTo, SPACING_MS);
    log(`cache purge: ${tags.length} tags in one batch (target ${target.name})`);
    return { target: target.name, state: 'sent', tags, changes: count };
  }
  const backoff = Math.min(MAX_BACKOFF_MS, SPACING_MS * 2 ** Math.min(claim.failures, 5));
  const retryInMs = Math.max(backoff, answer.retryAfterMs ?? 0);
  await markPurgeFailed(sql, target.name, answer.error, retryInMs);
  log(`cache purge: ${tags.length} tags refused by ${target.name} (${answer.error}); sent again in ${Math.ceil(retryInMs / 1000)} s`);
  return { target: target.name, state: 'failed', tags, error: answer.error, retryInMs };
}

/**
 * One run: at most one batch per target, the targets at once. Nothing (and no statement) when no target is
 * configured; nothing when there is no blog project.
 */
export async function purgeBlogChanges(sql: Sql, o: PurgeOptions): Promise<PurgeBatch[]> {
  const targets = o.targets ?? purgeTargets(o.config);
  if (!targets.length) return [];
  const projectId = await getBlogProjectId(sql, o.config.SKRIBRA_BLOG_PROJECT_ID);
  if (!projectId) return [];
  const log = o.log ?? ((line: string) => console.log(line));
  return Promise.all(targets.map((t) => purgeTarget(sql, projectId, t, log)));
}
