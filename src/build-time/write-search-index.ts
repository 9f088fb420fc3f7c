// The site's full-text search index: Pagefind (pagefind.app) over the built HTML pages, written to /pagefind/. Only
// each page's <main data-pagefind-body> is indexed (Base.astro): no header, footer or side column; its `kind` filter
// is the page's kind. The browser loads the index in chunks, only the parts a query needs (the search page,
// src/site/pages/search/). The Pagefind binary comes with the `pagefind` package and indexes in a process of its own.
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PagefindIndex } from 'pagefind';
import { eachLimited, IO_CONCURRENCY } from '../model/core/each-limited.ts';
import { SEARCH_INDEX_DIR } from '../model/core/urls.ts';
import { indexedHtml } from './indexed-html.ts';
import { htmlFiles, keepIndex, placeKeptIndex, searchIndexKey } from './search-index-cache.ts';

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

export interface FinishOptions {
  /** The pages that are not files of the build. */
  extra?: () => Promise<ExtraPage[]>;
  /** Where indexes are kept by what they indexed (search-index-cache.ts). */
  cacheDir?: string;
  /** The pages (paths under the output folder) whose content a key already names. */
  known?: ReadonlyMap<string, string>;
}

/** An index begun before the build's pages are all written: `add` takes a page as it renders, `finish` the rest. */
export interface SearchIndex {
  add(url: string, html: string): void;
  /** Indexes the pages of `outDir` not added yet and the `extra` pages, and writes the index; `reused`: it came from the cache. */
  finish(outDir: string, options?: FinishOptions): Promise<{ pages: number; reused: boolean }>;
}

/** The URL Pagefind gives a file of the site (`glossary/x/index.html`: `/glossary/x/`). */
const urlOf = (file: string) => `/${file.replace(/(^|\/)index\.html$/, '$1')}`;

const failed = (what: string, errors: string[]) => {
  if (errors.length) throw new Error(`search index: ${what}${errors.join('; ')}`);
};

/**
 * Begins an index of about `pages` pages in all (the catalog's and the blog's). Pagefind starts at the first page
 * added, or at `finish`.
 */
export function beginSearchIndex(pages: Promise<number>): SearchIndex {
  // One index for the site, whatever an article's own language: the search page searches it all.
  const options = pages.then((n) => ({ forceLanguage: 'en', maxFragments: Math.max(1, Math.ceil(n / PAGES_PER_FRAGMENT_FILE)) }));
  options.catch(() => {}); // reported by `finish`, which awaits it
  let pagefind: Promise<typeof import('pagefind')> | undefined;
  let index: Promise<PagefindIndex> | undefined;
  const start = () =>
    (index ??= (async () => {
      pagefind = import('pagefind');
      const { index, errors } = await (await pagefind).createIndex(await options);
      if (!index) throw new Error(`search index: ${errors.join('; ')}`);
      return index;
    })());
  /** The pages added, by URL; each settles to its errors (a page's own, or Pagefind's). */
  const added = new Map<string, Promise<string[]>>();
  return {
    add(url, html) {
      const content = indexedHtml(html);
      added.set(
        url,
        start()
          .then((i) => i.addHTMLFile({ url, content }))
          .then(
            (r) => r.errors.map((e) => `${url}: ${e}`),
            (e: unknown) => [`${url}: ${String(e)}`],
          ),
      );
    },
    async finish(outDir, { extra = async () => [], cacheDir, known = new Map() } = {}) {
      const outputPath = join(outDir, SEARCH_INDEX_DIR);
      rmSync(outputPath, { recursive: true, force: true });
      try {
        const extraPages = await extra();
        const files = htmlFiles(outDir, SEARCH_INDEX_DIR);
        const key = cacheDir && (await searchIndexKey(outDir, files, { extra: extraPages, known, options: await options }));
        if (cacheDir && key) {
          const kept = await placeKeptIndex(cacheDir, key, outputPath);
          if (kept !== undefined) return { pages: kept, reused: true };
        }
        const errors = (await Promise.all(added.values())).flat();
        const rest = files.filter((file) => !added.has(urlOf(file)));
        let i: PagefindIndex;
        let count: number;
        if (added.size >= rest.length) {
          failed('', errors);
          i = await start();
          await eachLimited(rest, IO_CONCURRENCY, async (file) => {
            const r = await i.addHTMLFile({ url: urlOf(file), content: indexedHtml(await readFile(join(outDir, file), 'utf8')) });
            failed(`${file}: `, r.errors);
          });
          count = added.size + rest.length;
        } else {
          // Most pages were not rendered this build (the term page cache held them): Pagefind reads the folder
          // faster than this thread hands it the files, so a fresh index takes them all from there.
          if (index) await (await index).deleteIndex();
          index = undefined;
          i = await start();
          const dir = await i.addDirectory({ path: outDir });
          failed('', dir.errors);
          count = dir.page_count;
        }
        for (const page of extraPages) failed(`${page.url}: `, (await i.addHTMLFile(page)).errors);
        failed('', (await i.writeFiles({ outputPath })).errors);
        const indexed = count + extraPages.length;
        if (cacheDir && key) await keepIndex(cacheDir, key, outputPath, indexed);
        return { pages: indexed, reused: false };
      } finally {
        if (pagefind) await (await pagefind).close();
      }
    },
  };
}
