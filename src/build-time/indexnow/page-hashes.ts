// What "a page changed" means for IndexNow: its markdown twin changed. The twin is the page's content as text (every
// page has one; the build lists them in markdown-paths.json), so a content edit changes the pages that show it and a
// layout or style change alone resubmits nothing.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACT_DIR } from '../../request/api/public/load-artifacts.ts';
import { NOT_FOUND_MARKDOWN } from '../../model/core/negotiate.ts';
import { pathOfTwin } from '../../model/core/urls.ts';

/** Page path -> hash of its twin, for every page of the build in `outDir`. */
export function pageHashes(outDir: string): Map<string, string> {
  const twins = JSON.parse(readFileSync(join(outDir, ARTIFACT_DIR, 'markdown-paths.json'), 'utf8')) as string[];
  const hashes = new Map<string, string>();
  for (const twin of twins) {
    const page = twin === NOT_FOUND_MARKDOWN ? undefined : pathOfTwin(twin);
    if (page)
      hashes.set(
        page,
        createHash('sha256')
          .update(readFileSync(join(outDir, twin)))
          .digest('base64url')
          .slice(0, 22),
      );
  }
  return hashes;
}

/** Pages added, changed or removed between two builds (a removed page is submitted too: engines then see it gone). */
export function changedPages(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const changed = [...after].filter(([path, hash]) => before.get(path) !== hash).map(([path]) => path);
  for (const path of before.keys()) if (!after.has(path)) changed.push(path);
  return changed.sort();
}
