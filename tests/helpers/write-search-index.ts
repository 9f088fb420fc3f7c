import { beginSearchIndex, type FinishOptions } from '../../src/build-time/write-search-index.ts';

/** Indexes the pages of `outDir` and the `extra` pages at once: an index begun with no page added, finished. */
export const writeSearchIndex = (outDir: string, pages: number, options?: FinishOptions) =>
  beginSearchIndex(Promise.resolve(pages)).finish(outDir, options);
