import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSearchIndex, SEARCH_FORMAT } from '../core/search.ts';
import { ARTIFACT_DIR, CATALOG_FILE, SEARCH_FILE, type SearchArtifact } from '../api/public/load-artifacts.ts';
import type { Catalog } from '../api/public/catalog.ts';

/** Writes the catalog and the search index (also fetched by the site's search page) with their format and build id. */
export function writeArtifacts(outDir: string, catalog: Catalog): void {
  mkdirSync(join(outDir, ARTIFACT_DIR), { recursive: true });
  const index = buildSearchIndex(catalog.pages.map((p, id) => ({ id, path: p.path, title: p.title, description: p.description, kind: p.kind, section: p.section, updated: p.updated })));
  const search: SearchArtifact = { format: SEARCH_FORMAT, build_id: catalog.build_id, index: index.toJSON() };
  writeFileSync(join(outDir, CATALOG_FILE), JSON.stringify(catalog));
  writeFileSync(join(outDir, SEARCH_FILE), JSON.stringify(search));
}
