import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildSearchIndex, searchArtifact } from '../core/search.ts';
import { SEARCH_FILE, artifactFiles } from '../api/public/load-artifacts.ts';
import type { Catalog } from '../api/public/catalog.ts';

/** The search index over every site page (not blog articles); a document's id is its position in `catalog.pages`. */
export const indexCatalog = (catalog: Catalog) =>
  buildSearchIndex(catalog.pages.map((p, id) => ({ id, path: p.path, title: p.title, description: p.description, kind: p.kind, section: p.section })), catalog.build_id);

/**
 * Writes the catalog's artifacts (load-artifacts.ts: the core, the chunks, the lookups) and the search index (also
 * fetched by the site's search page), each stamped with its format and the build id, so the function can refuse
 * files that do not belong together. Returns each file's size in bytes, by path under dist/.
 */
export function writeArtifacts(outDir: string, catalog: Catalog): Map<string, number> {
  const sizes = new Map<string, number>();
  const made = new Set<string>();
  const write = (file: string, text: string) => {
    const path = join(outDir, file);
    if (!made.has(dirname(path))) mkdirSync(dirname(path), { recursive: true });
    made.add(dirname(path));
    writeFileSync(path, text);
    sizes.set(file, statSync(path).size);
  };
  for (const [file, text] of artifactFiles(catalog)) write(file, text);
  write(SEARCH_FILE, JSON.stringify(searchArtifact(indexCatalog(catalog), catalog.build_id)));
  return sizes;
}
