// The site's full-text search index: Pagefind (pagefind.app) over the built HTML pages, written to /pagefind/ after
// every page is in place. Only each page's <main data-pagefind-body> is indexed (Base.astro): no header, footer or
// side column; its `kind` filter is the page's kind. The browser loads the index in chunks, only the parts a query
// needs (the search page, src/pages/search/). The Pagefind binary comes with the `pagefind` package.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { keepIndex, placeKeptIndex, searchIndexKey } from './search-index-cache.ts';

/** Where the index goes in the build, and where the search page loads it from. */
export const SEARCH_INDEX_DIR = 'pagefind';

/**
 * Pages per fragment file: Pagefind writes each page's text (for excerpts) to a file of its own unless told a maximum
 * of files, and 100,000 small files cost more to write (and deploy) than the index itself. But a result's excerpt
 * costs its whole file to a visitor, and the search page shows twenty: ten pages a file made a first query download
 * 238-290 KB of the 300 KB bound on the real content, three pages a file 192-225 KB, one 172-190 KB
 * (scripts/search-download.ts). Three keeps the files a third of the pages. At 5,064 generated terms, ten a file
 * wrote 590 files and 3.5 MB, one a file 5,214 files and 22 MB (system time 1.4 s against 5.6 s).
 */
const PAGES_PER_FRAGMENT_FILE = 3;

/** A page that is not a file of the build (the blog's, rendered on request), as its HTML and its URL's path. */
export interface ExtraPage {
  url: string;
  content: string;
}

/**
 * Indexes the pages of `outDir` and the `extra` pages; `pages` is about how many there are in all (the catalog's
 * pages and the blog's). With a `cacheDir`, an index of the very same pages kept there is linked in instead
 * (search-index-cache.ts), and a new one is kept there; `known` names the pages (paths under `outDir`) whose content
 * a key already names. `reused`: the index came from the cache.
 */
export async function writeSearchIndex(
  outDir: string,
  pages: number,
  {
    extra = async () => [],
    cacheDir,
    known = new Map(),
  }: { extra?: () => Promise<ExtraPage[]>; cacheDir?: string; known?: ReadonlyMap<string, string> } = {},
): Promise<{ pages: number; reused: boolean }> {
  const outputPath = join(outDir, SEARCH_INDEX_DIR);
  rmSync(outputPath, { recursive: true, force: true });
  const extraPages = await extra();
  // One index for the site, whatever an article's own language: the search page searches it all.
  const options = { forceLanguage: 'en', maxFragments: Math.max(1, Math.ceil(pages / PAGES_PER_FRAGMENT_FILE)) };
  const key = cacheDir && (await searchIndexKey(outDir, SEARCH_INDEX_DIR, { extra: extraPages, known, options }));
  if (cacheDir && key) {
    const kept = await placeKeptIndex(cacheDir, key, outputPath);
    if (kept !== undefined) return { pages: kept, reused: true };
  }
  const pagefind = await import('pagefind');
  try {
    const { index, errors } = await pagefind.createIndex(options);
    if (!index) throw new Error(`search index: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: outDir });
    if (added.errors.length) throw new Error(`search index: ${added.errors.join('; ')}`);
    for (const page of extraPages) {
      const file = await index.addHTMLFile(page);
      if (file.errors.length) throw new Error(`search index: ${page.url}: ${file.errors.join('; ')}`);
    }
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length) throw new Error(`search index: ${written.errors.join('; ')}`);
    const indexed = added.page_count + extraPages.length;
    if (cacheDir && key) await keepIndex(cacheDir, key, outputPath, indexed);
    return { pages: indexed, reused: false };
  } finally {
    await pagefind.close();
  }
}
