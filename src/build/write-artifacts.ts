import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSearchIndex, searchArtifact } from '../core/search.ts';
import { ARTIFACT_DIR, SEARCH_FILE, artifactFiles } from '../api/public/load-artifacts.ts';
import type { Catalog } from '../api/public/catalog.ts';

/** The search index over every site page (not blog articles); a document's id is its position in `catalog.pages`. */
export const indexCatalog = (catalog: Catalog) =>
  buildSearchIndex(catalog.pages.map((p, id) => ({ id, path: p.path, title: p.title, description: p.description, kind: p.kind, section: p.section })), catalog.build_id);

/**
 * Writes the catalog and the search index (also fetched by the site's search page), each stamped with its format
 * and the build id, so the function can refuse files that do not belong together.
 */
export function writeArtifacts(outDir: string, catalog: Catalog): void {
  mkdirSync(join(outDir, ARTIFACT_DIR), { recursive: true });
  for (const [file, text] of Object.entries(artifactFiles(catalog))) writeFileSync(join(outDir, file), text);
  writeFileSync(join(outDir, SEARCH_FILE), JSON.stringify(searchArtifact(indexCatalog(catalog), catalog.build_id)));
}
