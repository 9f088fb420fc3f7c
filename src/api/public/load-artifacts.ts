import { documentCount, loadSearchArtifact, type SearchArtifact, type SearchIndex } from '../../core/search.ts';
import { CATALOG_FORMAT, type Catalog } from './catalog.ts';

export const ARTIFACT_DIR = '_skribra';
/** The whole catalog. */
export const CATALOG_FILE = `${ARTIFACT_DIR}/catalog.json`;
/**
 * The catalog without its glossary terms, which are most of its bytes and needed only by glossary requests: the
 * function parses this at cold start and the terms from CATALOG_FILE on first use.
 */
export const LEAN_CATALOG_FILE = `${ARTIFACT_DIR}/catalog-without-terms.json`;
export const SEARCH_FILE = `${ARTIFACT_DIR}/search-index.json`;
/** The static API files the build wrote (paths under dist/), read by the Netlify edge router. */
export const STATIC_PATHS_FILE = `${ARTIFACT_DIR}/static-api-paths.json`;

/** The catalog's artifact files, by path under dist/. Both begin with the format and the build id. */
export function artifactFiles(catalog: Catalog): Record<string, string> {
  const { format, build_id, ...rest } = catalog;
  const { terms: _, ...lean } = rest;
  return { [CATALOG_FILE]: JSON.stringify({ format, build_id, ...rest }), [LEAN_CATALOG_FILE]: JSON.stringify({ format, build_id, ...lean }) };
}

const mismatch = (what: string, id: string, catalog: Catalog) => new Error(`${what} (build ${id}) and catalog (build ${catalog.build_id}) come from different builds: rebuild`);

/**
 * Loads the build's catalog and search index through `read` (a file's text by its path under dist/). A format the
 * code does not know, or files from different builds, fail loudly, here and now: serving a catalog that disagrees
 * with its index would give wrong answers quietly. The glossary terms are checked now and parsed on first use.
 */
export function loadArtifacts(read: (file: string) => string): { catalog: Catalog; index: SearchIndex } {
  const catalog = JSON.parse(read(LEAN_CATALOG_FILE)) as Catalog;
  if (catalog.format !== CATALOG_FORMAT) throw new Error(`catalog artifact has format ${catalog.format}, this code reads ${CATALOG_FORMAT}: rebuild`);
  const search = JSON.parse(read(SEARCH_FILE)) as SearchArtifact;
  if (search.build_id !== catalog.build_id) throw mismatch('search index', search.build_id, catalog);
  const index = loadSearchArtifact(search);
  if (documentCount(index) !== catalog.pages.length) throw new Error(`search index holds ${documentCount(index)} pages, the catalog ${catalog.pages.length}: rebuild`);

  const fullJson = read(CATALOG_FILE);
  const head = /^\{"format":(\d+),"build_id":"([^"]*)"/.exec(fullJson.slice(0, 200));
  if (Number(head?.[1]) !== CATALOG_FORMAT) throw new Error(`full catalog artifact has format ${head?.[1]}, this code reads ${CATALOG_FORMAT}: rebuild`);
  if (head![2] !== catalog.build_id) throw mismatch('full catalog', head![2]!, catalog);
  let terms: Catalog['terms'] | undefined;
  Object.defineProperty(catalog, 'terms', { enumerable: true, get: () => (terms ??= (JSON.parse(fullJson) as Catalog).terms) });
  return { catalog, index };
}
