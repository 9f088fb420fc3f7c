// The local origin's follower of the blog's change log: once a second, one statement reads the blog project's changes
// past the last one seen, and the cache drops every answer tagged by them (changeTags). Per process, only while the
// origin runs. A store that is away is one line in the log and a retry a second later; nothing is dropped meanwhile,
// so cached answers are served, and the changes made meanwhile are read when it is back.
import type { Sql } from 'postgres';
import type { Config } from '../../model/config.ts';
import { readChangedSlugs } from '../../store/repos/cache-purges.ts';
import { readChangeHeads } from '../../store/repos/sync.ts';
import { getBlogProjectId } from '../../store/repos/blog-project.ts';
import { changeTags } from '../../model/core/cache-tags.ts';
import { repeat } from '../../model/core/repeat.ts';

/** What the follower drops from: the local origin's tag cache (origin/tag-cache.ts). */
export interface PurgeableCache {
  purge(tags: readonly string[]): unknown;
  clear(): void;
}

export interface BlogChangeFollower {
  stop(): Promise<void>;
}

/** Changes read per statement; more are read at the next tick, at once. */
const PAGE = 1000;

export function followBlogChanges(
  sql: Sql,
  o: {
    config: Pick<Config, 'SKRIBRA_BLOG_PROJECT_ID'>;
    cache: PurgeableCache;
    intervalMs?: number;
    log?: (line: string) => void;
  },
): BlogChangeFollower {
  const log = o.log ?? ((line: string) => console.log(line));
  let projectId: string | undefined;
  let seen: string | undefined;
  let failing = false;
  let stopped = false;

  async function read(): Promise<boolean> {
    projectId ??= (await getBlogProjectId(sql, o.config.SKRIBRA_BLOG_PROJECT_ID)) ?? undefined;
    if (!projectId) return false;
    if (seen === undefined) {
      // Where following starts. An answer cached before this read may predate a change the head already counts.
      seen = (await readChangeHeads(sql, [projectId])).get(projectId) ?? '0';
      o.cache.clear();
      return false;
    }
    const { head, changes } = await readChangedSlugs(sql, projectId, seen, PAGE);
    if (BigInt(head) < BigInt(seen)) {
      // The log went back (articles truncated, a store restored from a backup): nothing cached can be trusted.
      log(`blog cache: the change log went back from ${seen} to ${head}; every cached answer dropped`);
      seen = head;
      o.cache.clear();
      return false;
    }
    if (!changes.length) return false;
    o.cache.purge([...new Set(changes.flatMap((c) => changeTags(c.slug)))]);
    seen = changes.at(-1)!.seq;
    return changes.length === PAGE;
  }

  const task = repeat(o.intervalMs ?? 1000, async () => {
    try {
      while ((await read()) && !stopped);
      if (failing) log('blog cache: the content store answers again; following its changes');
      failing = false;
    } catch (err) {
      if (!failing)
        log(`blog cache: the content store is unavailable (${(err as Error).message}); cached answers are served, retrying every second`);
      failing = true;
    }
  });
  return {
    stop: () => {
      stopped = true; // a long catch-up ends after the page it is reading
      return task.stop();
    },
  };
}
