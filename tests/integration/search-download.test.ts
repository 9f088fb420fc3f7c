// The full-text index's bound (issue 37): a visitor's first query downloads at most 300 KB of it, runtime and the
// search page's twenty excerpts included (scripts/search-download.ts runs the build's own Pagefind runtime over its
// files). bench:scale reports the same figure at 100,000 terms.
import { beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from '../helpers/built-site.ts';
import { searchDownload } from '../../scripts/search-download.ts';

let distDir: string;
beforeAll(async () => {
  distDir = (await builtSite()).distDir;
});

describe('the full-text index, as a first query downloads it', () => {
  it('finds each query within 300 KB, the runtime, page table, index chunks and excerpts counted', async () => {
    const downloads = await searchDownload(distDir, ['webhook signature', 'crawl budget', 'canonical']);
    for (const d of downloads) {
      expect(d.hits, d.query).toBeGreaterThan(0);
      expect(Object.keys(d.files), d.query).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-entry.json']));
      expect(
        Object.keys(d.files).some((f) => f.startsWith('fragment/')),
        d.query,
      ).toBe(true);
      expect(d.bytes, `${d.query}: ${JSON.stringify(d.files)}`).toBeLessThanOrEqual(300 * 1024);
    }
  });
});
