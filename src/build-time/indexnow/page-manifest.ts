// The page hashes of the last build whose changes were submitted, kept in the build cache between builds (like the
// Open Graph image cache): one file per site, so a new SITE_URL starts without one.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../model/core/write-atomic.ts';

const FORMAT = 1;

const fileOf = (dir: string, site: string) => join(dir, `pages-${createHash('sha256').update(site).digest('hex').slice(0, 12)}.json`);

/** The last manifest for `site`, or undefined when there is none (or it is unreadable, or of another format). */
export function readPageManifest(dir: string, site: string): Map<string, string> | undefined {
  try {
    const m = JSON.parse(readFileSync(fileOf(dir, site), 'utf8')) as { format?: number; site?: string; pages?: Record<string, string> };
    return m.format === FORMAT && m.site === site && m.pages ? new Map(Object.entries(m.pages)) : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the manifest atomically (a concurrent build never reads half a file). */
export function writePageManifest(dir: string, site: string, pages: ReadonlyMap<string, string>): void {
  mkdirSync(dir, { recursive: true });
  writeFileAtomic(fileOf(dir, site), JSON.stringify({ format: FORMAT, site, pages: Object.fromEntries(pages) }));
}
