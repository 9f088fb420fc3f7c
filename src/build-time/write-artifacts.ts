import { closeSync, mkdirSync, openSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { jsonPieces } from '../model/core/json-pieces.ts';
import { buildSearchIndex, searchArtifact } from '../model/core/search.ts';
import { SEARCH_FILE, artifactFiles } from '../request/api/public/load-artifacts.ts';
import type { Catalog } from '../model/catalog/catalog.ts';

/** The search index over every site page (not blog articles); a document's id is its position in `catalog.pages`. */
export const indexCatalog = (catalog: Catalog) =>
  buildSearchIndex(
    catalog.pages.map((p, id) => ({ id, path: p.path, title: p.title, description: p.description, kind: p.kind, section: p.section })),
    catalog.build_id,
  );

/**
 * Writes the catalog's artifacts (load-artifacts.ts: the core, the chunks, the lookups) and the search index (also
 * fetched by the site's search page), each stamped with its format and the build id, so the function can refuse
 * files that do not belong together. Returns each file's size in bytes, by path under dist/.
 */
export function writeArtifacts(outDir: string, catalog: Catalog): Map<string, number> {
  const sizes = new Map<string, number>();
  const made = new Set<string>();
  const write = (file: string, text: string | Iterable<string>) => {
    const path = join(outDir, file);
    if (!made.has(dirname(path))) mkdirSync(dirname(path), { recursive: true });
    made.add(dirname(path));
    if (typeof text === 'string') writeFileSync(path, text);
    else writePieces(path, text);
    sizes.set(file, statSync(path).size);
  };
  for (const [file, text] of artifactFiles(catalog)) write(file, text);
  write(SEARCH_FILE, jsonPieces(searchArtifact(indexCatalog(catalog), catalog.build_id) as unknown as Record<string, unknown>));
  return sizes;
}

/** Writes a text given in pieces, about a megabyte at a time. */
function writePieces(path: string, pieces: Iterable<string>): void {
  const fd = openSync(path, 'w');
  try {
    let batch: string[] = [];
    let length = 0;
    for (const piece of pieces) {
      batch.push(piece);
      length += piece.length;
      if (length >= 1 << 20) {
        writeAll(fd, batch.join(''));
        batch = [];
        length = 0;
      }
    }
    if (batch.length) writeAll(fd, batch.join(''));
  } finally {
    closeSync(fd);
  }
}

function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
}
