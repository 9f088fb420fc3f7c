// What a cached page's HTML depends on besides its own inputs: the code that renders it. A SHA-256 over every file
// the site's build compiles from this checkout (src/, the Astro config, the TypeScript config) and the installed
// packages as npm recorded them (both lockfiles), with the Node version: any edit of a template, component, style
// or dependency gives every page a new key. Coarse on purpose: a code change re-renders the pages, which is what a
// deploy of new code costs anyway; only content edits are partial.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Files outside src/ that shape the pages; a missing one (no installed lockfile) keys as absent. */
const FILES = ['astro.config.mjs', 'tsconfig.json', 'package-lock.json', 'node_modules/.package-lock.json'];

const read = (file: string): Buffer | undefined => {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
};

/** The code key of the checkout at `root` (~330 files, ~2 MB: a few milliseconds). */
export function codeKey(root: string): string {
  const hash = createHash('sha256').update(process.version);
  const src = readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(root, join(d.parentPath, d.name)))
    .sort();
  for (const file of FILES) {
    const bytes = read(join(root, file));
    hash.update(`\0${file}\0${bytes?.length ?? 'absent'}\0`).update(bytes ?? '');
  }
  // Listed a moment ago: a file that cannot be read now fails the build rather than leave the key blind to it.
  for (const file of src) {
    const bytes = readFileSync(join(root, file));
    hash.update(`\0${file}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex');
}
