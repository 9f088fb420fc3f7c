#!/usr/bin/env node
// Checks every content file against its schema and the cross-references between them (an unknown, empty or
// unclosed `[[...]]` too), an `updated` date after tomorrow, two entries of a collection with one title, and a body
// that writes the site's address instead of `{{site_url}}` (src/model/catalog/site-address.ts), without building:
//   npm run check:content [-- DIR]      (DIR defaults to SKRIBRA_CONTENT_DIR, else content/)
// Prints every problem as `file:line:column: field: what is wrong (expected ...)` and exits 1, or one summary line
// and exits 0. The build prints the same list (src/build-time/skribra-outputs.ts, astro:config:setup).
import { resolve } from 'node:path';
import { loadCatalog } from '../src/model/catalog/load-catalog.ts';
import { ContentError } from '../src/model/catalog/content-error.ts';
import { COLLECTIONS } from '../src/model/catalog/collections.ts';
import { SITE_PAGE_KINDS } from '../src/model/schemas/page-kinds.ts';

const dir = resolve(process.argv[2] ?? (process.env.SKRIBRA_CONTENT_DIR || 'content'));
const started = performance.now();
try {
  const { catalog: c } = loadCatalog(dir, 'http://localhost');
  const sitePages = c.pages.filter((p) => (SITE_PAGE_KINDS as readonly string[]).includes(p.kind)).length;
  const collections = COLLECTIONS.map((col) => `${c[col.key].length} ${col.key}`).join(', ');
  const counts = `${c.terms.length} glossary terms in ${c.categories.length} categories, ${collections}, ${sitePages} site pages, pricing`;
  process.stdout.write(`content ok: ${counts} (checked in ${Math.round(performance.now() - started)} ms)\n`);
} catch (err) {
  if (!(err instanceof ContentError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 1;
}
