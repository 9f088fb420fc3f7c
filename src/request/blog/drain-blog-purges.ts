// Purges until every target has caught up with the blog's change log, one refuses, or the time is up: what the CLI
// runs right after a change, and what a Netlify scheduled function can run (with its budget) to send what is left.
// Batches go at the targets' pace (purge-blog-changes.ts); a refused one waits for the next run, at its back-off.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Sql } from 'postgres';
import { purgeBlogChanges, type PurgeOptions } from './purge-blog-changes.ts';
import { purgeTargets } from './purge-targets.ts';

/** How one target ended the drain. */
export type DrainOutcome = { target: string; batches: number } & (
  | { state: 'caught-up' }
  | { state: 'failed'; error: string; retryInMs: number }
  /** Changes still wait there: the time ran out first. */
  | { state: 'behind' }
);

/** Undefined when there is nothing to purge to (no target configured, or no blog project). */
export async function drainBlogPurges(sql: Sql, o: PurgeOptions & { budgetMs: number }): Promise<DrainOutcome[] | undefined> {
  const deadline = Date.now() + o.budgetMs;
  const targets = o.targets ?? purgeTargets(o.config);
  const outcomes = new Map<string, DrainOutcome>();
  const batches = new Map<string, number>();
  for (;;) {
    const open = targets.filter((t) => !outcomes.has(t.name));
    const run = await purgeBlogChanges(sql, { ...o, targets: open });
    if (!run.length) break; // no target configured, or no blog project
    let wait = Number.POSITIVE_INFINITY;
    for (const b of run) {
      const n = (batches.get(b.target) ?? 0) + (b.state === 'sent' || b.state === 'failed' ? 1 : 0);
      batches.set(b.target, n);
      if (b.state === 'idle') outcomes.set(b.target, { target: b.target, batches: n, state: 'caught-up' });
      else if (b.state === 'failed')
        outcomes.set(b.target, { target: b.target, batches: n, state: 'failed', error: b.error, retryInMs: b.retryInMs });
      else wait = Math.min(wait, b.state === 'waiting' ? b.dueInMs : 0);
    }
    if (outcomes.size === targets.length) break;
    // Another worker may hold a target for a while: look again at least every second.
    const nap = Math.max(20, Math.min(wait, 1000));
    if (Date.now() + nap > deadline) {
      for (const t of targets)
        if (!outcomes.has(t.name)) outcomes.set(t.name, { target: t.name, batches: batches.get(t.name) ?? 0, state: 'behind' });
      break;
    }
    await sleep(nap);
  }
  return outcomes.size ? [...outcomes.values()] : undefined;
}
