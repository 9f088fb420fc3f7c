import type MiniSearch from 'minisearch';
import { loadSearchArtifact, type SearchArtifact, type SearchDoc } from '../../core/search.ts';
import { CATALOG_FORMAT, type Catalog } from './catalog.ts';

export const ARTIFACT_DIR = '_skribra';
export const CATALOG_FILE = `${ARTIFACT_DIR}/catalog.json`;
export const SEARCH_FILE = `${ARTIFACT_DIR}/search-index.json`;
/** The static API files the build wrote (paths under dist/), read by the Netlify edge router. */
export const STATIC_PATHS_FILE = `${ARTIFACT_DIR}/static-api-paths.json`;

/**
 * Parses the build's catalog and search index. A format the code does not know, or two files from different
 * builds, fail loudly: serving a catalog that disagrees with its index would give wrong answers quietly.
 */
export function loadArtifacts(catalogJson: string, searchJson: string): { catalog: Catalog; index: MiniSearch<SearchDoc> } {
  const catalog = JSON.parse(catalogJson) as Catalog;
  const search = JSON.parse(searchJson) as SearchArtifact;
  if (catalog.format !== CATALOG_FORMAT) throw new Error(`catalog artifact has format ${catalog.format}, this code reads ${CATALOG_FORMAT}: rebuild`);
  if (search.build_id !== catalog.build_id) throw new Error(`search index (build ${search.build_id}) and catalog (build ${catalog.build_id}) come from different builds: rebuild`);
  const index = loadSearchArtifact(search);
  if (index.documentCount !== catalog.pages.length) throw new Error(`search index holds ${index.documentCount} pages, the catalog ${catalog.pages.length}: rebuild`);
  return { catalog, index };
}
