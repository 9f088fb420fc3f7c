// The hashes of every inline script the build's pages carry (`sha256-…`), for the pages' Content-Security-Policy:
// scripts run only from the site or by hash, never by `unsafe-inline`. Data blocks (JSON-LD) do not run and need
// none. A handful of distinct scripts (the layout's, the search page's), however many pages.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_TYPE = /\btype\s*=\s*["']?application\/(ld\+)?json/i;

/** `sha256-<base64>` of each distinct inline script in `html`. */
export function scriptHashesOf(html: string, into = new Set<string>()): Set<string> {
  for (const [, attrs, body] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attrs!) || DATA_TYPE.test(attrs!)) continue;
    into.add(`sha256-${createHash('sha256').update(body!).digest('base64')}`);
  }
  return into;
}

/**
 * Every HTML file under `dir` (the build's own folders left out), scanned once; sorted for a stable `_headers`.
 * `skip` names files (relative to `dir`) not to read: the term pages a build took from its cache, whose inline
 * scripts are the layout's, which every other page carries (tests/integration/site-build.test.ts holds that true).
 */
export function inlineScriptHashes(dir: string, skip: ReadonlySet<string> = new Set()): string[] {
  const hashes = new Set<string>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('_')) walk(path);
      } else if (entry.name.endsWith('.html') && !skip.has(relative(dir, path))) scriptHashesOf(readFileSync(path, 'utf8'), hashes);
    }
  };
  walk(dir);
  return [...hashes].sort();
}
