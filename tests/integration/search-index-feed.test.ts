// The full-text index takes the term pages as they render (rendered-page-middleware.ts), each cut to its <html> tag
// and indexed <main> (indexed-html.ts), and the other pages from the folder once they are written. Whatever way a
// page comes in, its entry is the one Pagefind makes reading the whole page from the folder: checked here on the
// test run's own build, entry by entry.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedHtml } from '../../src/build-time/indexed-html.ts';
import { beginSearchIndex } from '../../src/build-time/write-search-index.ts';
import { SEARCH_INDEX_DIR } from '../../src/model/core/urls.ts';
import { writeSearchIndex } from '../helpers/write-search-index.ts';
import { builtSite } from '../helpers/built-site.ts';

const tmp = mkdtempSync(join(tmpdir(), 'skribra-search-feed-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let distDir = '';
let termPages: string[] = [];
/** The pages a test adds as if rendered: all but ten, which the index reads from the folder. */
let fedPages: string[] = [];
let pageCount = 0;
beforeAll(async () => {
  distDir = (await builtSite()).distDir;
  const html = readdirSync(distDir, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.html') && !f.startsWith(`${SEARCH_INDEX_DIR}/`),
  );
  pageCount = html.length;
  termPages = html.filter((f) => /^glossary\/[^/]+\/index\.html$/.test(f) && !f.startsWith('glossary/categories'));
  fedPages = html.slice(10);
});

let copies = 0;
/** The build's HTML pages in a folder of their own (an index is written into the folder it reads). */
function pagesCopy(): string {
  const out = join(tmp, `site-${++copies}`);
  cpSync(distDir, out, {
    recursive: true,
    filter: (src) => src !== join(distDir, SEARCH_INDEX_DIR) && !/\.(json|md|txt|xml|svg|png|webp|js|css)$/.test(src),
  });
  return out;
}

/** Every entry of an index (its fragment files, unpacked), by the page's URL. */
function entries(out: string): Record<string, unknown> {
  const dir = join(out, SEARCH_INDEX_DIR, 'fragment');
  const byUrl: Record<string, unknown> = {};
  for (const file of readdirSync(dir)) {
    const json = JSON.parse(
      gunzipSync(readFileSync(join(dir, file)))
        .toString('utf8')
        .replace(/^pagefind_dcd/, ''),
    ) as Record<string, { url: string }>;
    for (const entry of 'url' in json ? [json as unknown as { url: string }] : Object.values(json)) byUrl[entry.url] = entry;
  }
  return byUrl;
}

const url = (file: string) => `/${file.replace(/index\.html$/, '')}`;

describe('the index of the pages as they render', () => {
  it('cuts a term page to its <html> tag and indexed <main>, less than half the page', () => {
    expect(termPages.length).toBeGreaterThan(10);
    const page = readFileSync(join(distDir, termPages[0]!), 'utf8');
    const cut = indexedHtml(page);
    expect(cut).toMatch(/^<html lang="[a-z-]+"><body><main id="main" data-pagefind-body>.*<h1.*<\/main><\/body><\/html>$/s);
    expect(cut.length).toBeLessThan(page.length / 2);
  });

  it('gives every page the entry Pagefind makes of the folder: pages added as they render, the rest read after', async () => {
    const fromFolder = pagesCopy();
    const whole = await writeSearchIndex(fromFolder, pageCount);
    const fed = pagesCopy();
    const index = beginSearchIndex(Promise.resolve(pageCount));
    // More pages added than left to read: the index takes the rest from the folder one by one (with fewer, it reads
    // the whole folder instead: the next test).
    expect(fedPages.length).toBeGreaterThan(pageCount - fedPages.length);
    for (const file of fedPages) index.add(url(file), readFileSync(join(fed, file), 'utf8'));
    const { pages } = await index.finish(fed);
    const expected = entries(fromFolder);
    // Pages counted as Pagefind counts them: every HTML file, the unmarked ones (404, search) too.
    expect([whole.pages, pages]).toEqual([pageCount, pageCount]);
    expect(Object.keys(expected)).toEqual(expect.arrayContaining(termPages.map(url)));
    expect(entries(fed)).toEqual(expected);
  }, 120_000);

  it('indexes from the folder when fewer pages were added than are left there (the term page cache held them)', async () => {
    const fromFolder = pagesCopy();
    await writeSearchIndex(fromFolder, pageCount);
    const fed = pagesCopy();
    const index = beginSearchIndex(Promise.resolve(pageCount));
    index.add(url(termPages[0]!), readFileSync(join(fed, termPages[0]!), 'utf8'));
    await index.finish(fed);
    expect(entries(fed)).toEqual(entries(fromFolder));
  }, 120_000);
});

describe('indexedHtml', () => {
  const page = (outside: string, main = '<h1>Crawl budget</h1><p>How many pages a crawler fetches.</p>') =>
    `<!doctype html><html lang="en"><head><title>Crawl budget</title></head><body><header>${outside}</header><main id="main" data-pagefind-body>${main}</main><footer>Skribra</footer></body></html>`;

  it('keeps only the <html> tag and the <main> when nothing outside it reaches the index', () => {
    expect(indexedHtml(page('<nav>Home</nav>'))).toBe(
      '<html lang="en"><body><main id="main" data-pagefind-body><h1>Crawl budget</h1><p>How many pages a crawler fetches.</p></main></body></html>',
    );
  });

  it('keeps the whole page when an image, a data-pagefind- attribute or a title outside the <main> could', () => {
    for (const html of [
      page('<img src="/a.png" alt="">'),
      page('<span data-pagefind-meta="author:Iris"></span>'),
      page('<nav>Home</nav>', '<p>No heading of its own: the title comes from the head.</p>'),
      '<!doctype html><html lang="en"><body><main>Not indexed by its own mark</main></body></html>',
    ]) {
      expect(indexedHtml(html)).toBe(html);
    }
  });
});
