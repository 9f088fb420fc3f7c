// The site's full-text search index: Pagefind (pagefind.app) over the built HTML pages, written to /pagefind/ after
// every page is in place. Only each page's <main data-pagefind-body> is indexed (Base.astro): no header, footer or
// side column; its `kind` filter is the page's kind. The browser loads the index in chunks, only the parts a query
// needs (the search page, src/pages/search/). The Pagefind binary comes with the `pagefind` package.
import { rmSync } from 'node:fs';
import { join } from 'node:path';

/** Where the index goes in the build, and where the search page loads it from. */
export const SEARCH_INDEX_DIR = 'pagefind';

export async function writeSearchIndex(outDir: string): Promise<{ pages: number }> {
  const pagefind = await import('pagefind');
  const outputPath = join(outDir, SEARCH_INDEX_DIR);
  rmSync(outputPath, { recursive: true, force: true });
  try {
    // One index for the site, whatever an article's own language: the search page searches it all.
    const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
    if (!index) throw new Error(`search index: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: outDir });
    if (added.errors.length) throw new Error(`search index: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length) throw new Error(`search index: ${written.errors.join('; ')}`);
    return { pages: added.page_count };
  } finally {
    await pagefind.close();
  }
}
