import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadArtifacts } from '../../src/request/api/public/load-artifacts.ts';
import type { Catalog } from '../../src/model/catalog/catalog.ts';

/** The whole catalog of the build in `distDir`, read back from the function's artifacts (no build file holds it whole). */
export function builtCatalog(distDir: string): Catalog {
  return { ...loadArtifacts((file) => readFileSync(join(distDir, file), 'utf8')).catalog };
}
