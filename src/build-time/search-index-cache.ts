// The last search indexes, kept in the build cache by what they indexed: Pagefind cannot add to an index, so any change
// to any indexed page means indexing every page again (about 6 s at 10,000 terms), but a build whose pages are all
// the same as a kept index's (a rebuild of unchanged content, a deploy of other files) links that index in instead.
// The key covers every HTML file of the build (as Pagefind finds them), the pages added beside them, the options and
// Pagefind's version. A term page is known by its key in the term page cache (the digest of what it is rendered
// from: term-page-cache.ts), any other page by its bytes' digest.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { eachLimited, IO_CONCURRENCY } from '../model/core/each-limited.ts';
import { placeCached } from '../model/core/place-cached.ts';
import { pruneCache } from '../model/core/prune-cache.ts';

/** In a kept index: how many pages it indexed. */
const PAGES_FILE = '.pages';

const pagefindVersion = (): string =>
  (JSON.parse(readFileSync(join(import.meta.dirname, '../../node_modules/pagefind/package.json'), 'utf8')) as { version: string }).version;

/** The HTML files under `dir` that Pagefind's addDirectory indexes, `skip` (the index's own folder) left out. */
export function htmlFiles(dir: string, skip: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html') && f !== skip && !f.startsWith(`${skip}/`))
    .sort();
}

/**
 * The key of an index over `files` (the HTML files of `dir`: htmlFiles) and the `extra` pages, with these `options`;
 * `known` gives the files whose content a key already names.
 */
export async function searchIndexKey(
  dir: string,
  files: readonly string[],
  { extra, known, options }: { extra: readonly { url: string; content: string }[]; known: ReadonlyMap<string, string>; options: object },
) {
  const parts = new Array<string>(files.length);
  await eachLimited(
    files.map((file, i) => ({ file, i })),
    IO_CONCURRENCY,
    async ({ file, i }) => {
      parts[i] =
        known.get(file) ??
        createHash('sha256')
          .update(await readFile(join(dir, file)))
          .digest('hex');
    },
  );
  const hash = createHash('sha256').update(JSON.stringify({ pagefind: pagefindVersion(), options }));
  for (let i = 0; i < files.length; i++) hash.update(`${files[i]}\0${parts[i]}\n`);
  for (const page of extra) hash.update(`${page.url}\0${page.content}\n`);
  return hash.digest('hex').slice(0, 32);
}

/** Links every file of the folder `from` into `to` (made). */
async function linkTree(from: string, to: string): Promise<void> {
  const files = (await readdir(from, { recursive: true, withFileTypes: true })).filter((d) => d.isFile() && d.name !== PAGES_FILE);
  const dirs = [...new Set(files.map((d) => d.parentPath))];
  for (const d of dirs) await mkdir(join(to, d.slice(from.length)), { recursive: true });
  await eachLimited(files, IO_CONCURRENCY, (d) =>
    placeCached(join(d.parentPath, d.name), join(to, d.parentPath.slice(from.length), d.name)),
  );
}

/** The kept index of `key` linked into `outputPath`: how many pages it indexed, or undefined when none is kept. */
export async function placeKeptIndex(cacheDir: string, key: string, outputPath: string): Promise<number | undefined> {
  const entry = join(cacheDir, key);
  const pages = await readFile(join(entry, PAGES_FILE), 'utf8').then(Number, () => undefined);
  if (pages === undefined) return undefined;
  const now = new Date();
  await utimes(entry, now, now).catch(() => {}); // used: pruning goes by age
  await linkTree(entry, outputPath);
  return pages;
}

/**
 * Keeps the index just written to `outputPath` under `key` (linked into a temporary folder, then renamed: a
 * concurrent build never sees half an entry), and prunes the others by the cache's rule (prune-cache.ts). A cache
 * that cannot be written only costs the next build its indexing.
 */
export async function keepIndex(cacheDir: string, key: string, outputPath: string, pages: number): Promise<void> {
  const entry = join(cacheDir, key);
  const tmp = `${entry}.${process.pid}.tmp`;
  try {
    await rm(tmp, { recursive: true, force: true });
    await linkTree(outputPath, tmp);
    await writeFile(join(tmp, PAGES_FILE), String(pages));
    await rm(entry, { recursive: true, force: true });
    await mkdir(dirname(entry), { recursive: true });
    await rename(tmp, entry);
  } catch {
    await rm(tmp, { recursive: true, force: true }).catch(() => {});
  }
  await pruneCache(cacheDir, new Set([key]));
}
