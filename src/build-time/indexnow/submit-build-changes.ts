// The build's IndexNow step (after every output is written): the key file at the site root, then the pages whose
// content changed since the last build that submitted, in batches. Never fails the build: every problem is a warning.
//
// "Changed since the previous deploy" is known from a manifest of page hashes (page-hashes.ts) in the build cache
// (SKRIBRA_INDEXNOW_CACHE). Only what the endpoint accepted moves into the manifest, so a failed submission is tried
// again by the next build. A build with no manifest (the first, or after the cache was cleared) submits nothing and
// writes one: a cold cache is not news to an engine, and resubmitting every page each time a cache is lost is the
// bulk submission IndexNow asks sites not to make (engines find a new site through its sitemap).
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../../model/config.ts';
import { indexNowSettings, isOn, keyFilePath } from './indexnow-settings.ts';
import { changedPages, pageHashes } from './page-hashes.ts';
import { readPageManifest, writePageManifest } from './page-manifest.ts';
import { submitUrls, type SubmitOptions } from './submit-urls.ts';

export interface StepReport {
  level: 'info' | 'warn';
  message: string;
}

export interface StepOptions extends SubmitOptions {
  /**
   * Pages of a part this build could not read (the blog, when its store was unreachable and SKRIBRA_BLOG_OPTIONAL let
   * the build go on): they keep their last record, so they are neither submitted as gone now nor as new next time.
   */
  unread?: (path: string) => boolean;
}

const info = (message: string): StepReport => ({ level: 'info', message: `IndexNow: ${message}` });
const warn = (message: string): StepReport => ({ level: 'warn', message: `IndexNow: ${message}` });

/** Runs the step for the build in `outDir`; undefined when IndexNow is not configured. */
export async function submitBuildChanges(
  outDir: string,
  config: Config,
  { unread, ...options }: StepOptions = {},
): Promise<StepReport | undefined> {
  const s = indexNowSettings(config);
  if (!isOn(s)) return s.off ? warn(s.off) : undefined;
  try {
    writeFileSync(join(outDir, keyFilePath(s.key)), s.key);
    // A deploy preview or branch deploy is not what the site's URLs serve: it neither submits nor moves the manifest.
    if (config.CONTEXT && config.CONTEXT !== 'production') return info(`key file written; a ${config.CONTEXT} build submits nothing`);
    const cache = resolve(config.SKRIBRA_INDEXNOW_CACHE);
    const after = pageHashes(outDir);
    const before = readPageManifest(cache, s.site);
    if (!before) {
      writePageManifest(cache, s.site, after);
      return info(
        `no record of an earlier build of ${s.site} (first build, or the cache was cleared): nothing submitted; the next build submits what changes`,
      );
    }
    if (unread) {
      for (const path of [...after.keys()]) if (unread(path)) after.delete(path);
      for (const [path, hash] of before) if (unread(path)) after.set(path, hash);
    }
    const changed = changedPages(before, after);
    if (!changed.length) return info('no page changed since the last submitted build');
    const urlOf = (path: string) => `${s.site}${path}`;
    const result = await submitUrls(s, changed.map(urlOf), options);
    // The manifest takes the new hash (or the removal) of each accepted page; an unsent page keeps its old state.
    const next = new Map(after);
    for (const path of changed.slice(result.submitted.length)) {
      const old = before.get(path);
      if (old === undefined) next.delete(path);
      else next.set(path, old);
    }
    writePageManifest(cache, s.site, next);
    if (result.error)
      return warn(
        `submitted ${result.submitted.length} of ${changed.length} changed URLs; ${result.error}. The build goes on; the next build submits the rest`,
      );
    return info(`submitted ${changed.length} changed URL${changed.length === 1 ? '' : 's'} to ${s.endpoint}`);
  } catch (err) {
    return warn(`skipped (${(err as Error).message})`);
  }
}
