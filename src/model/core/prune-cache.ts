// A build cache shared by every build that sees it (on Netlify: every deploy and branch preview; here: every
// checkout's builds and tests), of entries named by their content's key: the Open Graph images (write-og-images.ts),
// the glossary term pages (term-page-cache.ts) and the search indexes (folders, search-index-cache.ts). Each edit
// leaves its old entries behind; without pruning such a cache grows for ever (at ~48 KB an image, a 100,000-term
// glossary leaves ~5 GB behind per full change of its wording).
//
// The rule, run after a build: an entry this build did not use goes when no build has used it for `maxAgeDays`
// (7: a branch or preview rebuilt within a week keeps its entries), or sooner, oldest first, once the unused entries
// outnumber the used ones, so the cache holds at most about twice the site's. Entries used within `graceDays` (1) are
// never taken early: another build may be running over them right now, and deleting one under it would only cost
// that build a render. Ages are mtimes: a build touches every entry it uses. A cache of many entries can ask to be
// pruned at most every so often (`atMostEveryHours`): reading the age of 30,000 unused term pages took 1.3 s, on
// every build, to delete none of them that day. The time of the last pruning is the mtime of a `.pruned` file.
import { readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface PruneOptions {
  maxAgeDays?: number;
  graceDays?: number;
  now?: number;
  /** Skip the pruning when the folder was pruned less than this long ago. */
  atMostEveryHours?: number;
}

const DAY = 86_400_000;

/** Deletes unused entries of the cache `dir` by the rule above; `used` holds this build's file names. Returns how many went. */
export async function pruneCache(
  dir: string,
  used: ReadonlySet<string>,
  { maxAgeDays = 7, graceDays = 1, now = Date.now(), atMostEveryHours }: PruneOptions = {},
): Promise<number> {
  const stamp = join(dir, '.pruned');
  if (atMostEveryHours !== undefined) {
    const last = await stat(stamp).then(
      (s) => s.mtimeMs,
      () => 0,
    );
    if (now - last < atMostEveryHours * 3_600_000) return 0;
    await writeFile(stamp, '')
      .then(() => utimes(stamp, new Date(now), new Date(now)))
      .catch(() => {});
  }
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  const unused: { name: string; mtime: number }[] = [];
  const stats = names
    .filter((n) => !used.has(n) && n !== '.pruned')
    .map(async (name) => {
      try {
        unused.push({ name, mtime: (await stat(join(dir, name))).mtimeMs });
      } catch {
        /* gone already */
      }
    });
  await Promise.all(stats);
  unused.sort((a, b) => a.mtime - b.mtime); // oldest first
  let keep = unused.length;
  const doomed: string[] = [];
  for (const entry of unused) {
    const age = now - entry.mtime;
    // Left over .tmp files of a build that died mid-write are unused entries like any other.
    if (age > maxAgeDays * DAY || (keep > used.size && age > graceDays * DAY)) {
      doomed.push(entry.name);
      keep--;
    }
  }
  await Promise.all(doomed.map((name) => rm(join(dir, name), { recursive: true, force: true })));
  return doomed.length;
}
