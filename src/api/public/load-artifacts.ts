import type MiniSearch from 'minisearch';
import { loadSearchIndex, SEARCH_FORMAT, type SearchDoc } from '../../core/search.ts';
import { CATALOG_FORMAT, type Catalog } from './catalog.ts';

export const ARTIFACT_DIR = '_skribra';
export const CATALOG_FILE = `${ARTIFACT_DIR}/catalog.json`;
export const SEARCH_FILE = `${ARTIFACT_DIR}/search-index.json`;

export interface SearchArtifact { format: number; build_id: string; index: unknown }

/**
 * Parses the build's catalog and search index. A format the code does not know, or two files from different
 * builds, fail loudly: serving a catalog that disagrees with its index would give wrong answers quietly.
 */
export function loadArtifacts(catalogJson: string, searchJson: string): { catalog: Catalog; index: MiniSearch<SearchDoc> } {
  const catalog = JSON.parse(catalogJson) as Catalog;
  const search = JSON.parse(searchJson) as SearchArtifact;
  if (catalog.format !== CATALOG_FORMAT) throw new Error(`catalog artifact has format ${catalog.format}, this code reads ${CATALOG_FORMAT}: rebuild`);
  if (search.format !== SEARCH_FORMAT) throw new Error(`search artifact has format ${search.format}, this code reads ${SEARCH_FORMAT}: rebuild`);
  if (search.build_id !== catalog.build_id) throw new Error(`search index (build ${search.build_id}) and catalog (build ${catalog.build_id}) come from different builds: rebuild`);
  return { catalog, index: loadSearchIndex(JSON.stringify(search.index)) };
}
