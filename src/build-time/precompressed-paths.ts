// Where the build puts precompressed variants and how they are named, shared by the writer (write-precompressed.ts)
// and the local origin that serves them (origin/static-files.ts). Pure constants: the origin reads no zlib code.

/** Under the build directory: `_skribra/encoded/<path>.br` and `.gz` for `<path>`. Outside the site's own tree, so a
 * variant never shows up as a page, a twin or a sitemap entry. */
export const ENCODED_DIR = '_skribra/encoded';

export type Encoding = 'br' | 'gzip';

/** In order of preference when a client accepts both equally. */
export const ENCODINGS: readonly { coding: Encoding; ext: string }[] = [
  { coding: 'br', ext: 'br' },
  { coding: 'gzip', ext: 'gz' },
];
