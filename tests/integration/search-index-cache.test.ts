// The search index is kept in the build cache by what it indexed (src/build-time/search-index-cache.ts): a build of
// the very same pages links the kept index in, byte for byte what Pagefind writes; a change to any page's bytes, to
// the key a page is known by (a term page's), or to a page added beside the files, indexes again.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SEARCH_INDEX_DIR } from '../../src/model/core/urls.ts';
import { writeSearchIndex } from '../helpers/write-search-index.ts';

const tmp = mkdtempSync(join(tmpdir(), 'skribra-search-cache-'));
const cacheDir = join(tmp, 'cache');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main data-pagefind-body><h1>${title}</h1><p>${text}</p></main></body></html>`;

let builds = 0;
/** A fresh output folder (as a build writes one) with these pages. */
function site(pages: Record<string, string>): string {
  const out = join(tmp, `out-${++builds}`);
  for (const [path, html] of Object.entries(pages)) {
    mkdirSync(join(out, path, '..'), { recursive: true });
    writeFileSync(join(out, path), html);
  }
  return out;
}

/** Every file of an output's index with its bytes. */
const indexFiles = (out: string) =>
  Object.fromEntries(
    readdirSync(join(out, SEARCH_INDEX_DIR), { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => [join(d.parentPath, d.name).slice(out.length), readFileSync(join(d.parentPath, d.name)).toString('base64')]),
  );

const PAGES = {
  'index.html': page('Home', 'Skribra writes articles.'),
  'glossary/crawl-budget/index.html': page('Crawl budget', 'How many pages a crawler fetches.'),
};

describe('the kept search index', () => {
  let first = '';
  it('is written the first time, and linked in, byte for byte, for a build of the very same pages', async () => {
    first = site(PAGES);
    expect(await writeSearchIndex(first, 2, { cacheDir })).toEqual({ pages: 2, reused: false });
    const again = site(PAGES);
    expect(await writeSearchIndex(again, 2, { cacheDir })).toEqual({ pages: 2, reused: true });
    expect(indexFiles(again)).toEqual(indexFiles(first));
    // And it is what Pagefind writes for those pages without a cache.
    const uncached = site(PAGES);
    expect(await writeSearchIndex(uncached, 2)).toEqual({ pages: 2, reused: false });
    expect(indexFiles(uncached)).toEqual(indexFiles(first));
  }, 60_000);

  it("indexes again when one page's text changes, or a page is added beside the files", async () => {
    const changed = site({ ...PAGES, 'index.html': page('Home', 'Skribra writes and publishes articles.') });
    expect(await writeSearchIndex(changed, 2, { cacheDir })).toMatchObject({ reused: false });
    expect(indexFiles(changed)).not.toEqual(indexFiles(first));
    const extra = async () => [{ url: '/blog/a/', content: page('A', 'A blog article.') }];
    expect(await writeSearchIndex(site(PAGES), 3, { cacheDir, extra })).toEqual({ pages: 3, reused: false });
    expect(await writeSearchIndex(site(PAGES), 3, { cacheDir, extra })).toEqual({ pages: 3, reused: true });
  }, 60_000);

  it('knows a term page by its key in the term page cache: the same key is reused, another indexes again', async () => {
    const path = 'glossary/crawl-budget/index.html';
    const known = new Map([[path, 'key-1.html']]);
    expect(await writeSearchIndex(site(PAGES), 2, { cacheDir, known })).toMatchObject({ reused: false });
    // Its bytes are not read: the key names them.
    const same = site({ ...PAGES, [path]: page('Crawl budget', 'Read by its key, not its bytes.') });
    expect(await writeSearchIndex(same, 2, { cacheDir, known })).toMatchObject({ reused: true });
    const rendered = site({ ...PAGES, [path]: page('Crawl budget', 'Rendered again with new words.') });
    expect(await writeSearchIndex(rendered, 2, { cacheDir, known: new Map([[path, 'key-2.html']]) })).toMatchObject({ reused: false });
  }, 60_000);
});
