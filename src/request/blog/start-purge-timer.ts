// The local origin's purge worker: a run every second (purge-blog-changes.ts; a target is sent at most one batch per
// 2.5 s whatever the interval), one run at a time. No target configured: no timer, no statement.
import type { Sql } from 'postgres';
import { purgeBlogChanges, type PurgeOptions } from './purge-blog-changes.ts';
import { purgeTargets } from './purge-targets.ts';
import { repeat } from '../../model/core/repeat.ts';

export interface PurgeTimer {
  stop(): Promise<void>;
}

export function startPurgeTimer(sql: Sql, o: PurgeOptions & { intervalMs?: number }): PurgeTimer {
  const log = o.log ?? ((line: string) => console.log(line));
  const targets = o.targets ?? purgeTargets(o.config);
  if (!targets.length) {
    log('cache purges: off (no SKRIBRA_PURGE_URL, and no NETLIFY_PURGE_API_TOKEN with SITE_ID)');
    return { stop: async () => {} };
  }
  log(`cache purges: to ${targets.map((t) => t.name).join(', ')}`);
  let lastError = '';
  // What a CLI or a crash left goes out at once, not one interval later.
  return repeat(o.intervalMs ?? 1000, () =>
    purgeBlogChanges(sql, { ...o, targets, log })
      .then(() => {
        lastError = '';
      })
      .catch((err: unknown) => {
        // One line per distinct failure, not one a second while the store is away.
        const message = (err as Error).message;
        if (message !== lastError) log(`cache purge: ${message}; retrying`);
        lastError = message;
      }),
  );
}
