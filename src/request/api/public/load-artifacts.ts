import { documentCount, loadSearchArtifact, type SearchArtifact, type SearchIndex } from '../../../model/core/search.ts';
import { normalise } from '../../../model/core/search.ts';
import type { Page } from '../../../model/schemas/page.ts';
import type { GlossaryTerm } from '../../../model/schemas/glossary.ts';
import { listsOf } from '../../../model/catalog/collections.ts';
import {
  CATALOG_ACCESS,
  CATALOG_FORMAT,
  termListItem,
  type Catalog,
  type CatalogAccess,
  type TermListItem,
} from '../../../model/catalog/catalog.ts';

export const ARTIFACT_DIR = '_skribra';
export const SEARCH_FILE = `${ARTIFACT_DIR}/search-index.json`;
/**
 * The public API's query-less paths that a file of the build answers, each with its file (under dist/): the Netlify
 * edge router lets a read of such a path through to the file, and sends everything else to the function.
 */
export const STATIC_PATHS_FILE = `${ARTIFACT_DIR}/static-api-paths.json`;

/**
 * What the public function reads at cold start: the small collections, the counts and the chunk size. Bounded by
 * the hand-written content, not by the number of pages or terms.
 */
export const CORE_FILE = `${ARTIFACT_DIR}/catalog-core.json`;
/** Pages and terms in chunks of CHUNK_SIZE, by position: a list page or a search answer reads one or a few. */
export const PAGE_CHUNK_DIR = `${ARTIFACT_DIR}/pages`;
export const TERM_ITEM_CHUNK_DIR = `${ARTIFACT_DIR}/term-items`;
export const TERM_CHUNK_DIR = `${ARTIFACT_DIR}/terms`;
/** Positions of pages by kind (for `kind`). */
export const PAGE_KINDS_FILE = `${ARTIFACT_DIR}/pages-by-kind.json`;
/** Term slugs in order (a slug's position) and positions by category (for `category`). */
export const TERM_LOOKUP_FILE = `${ARTIFACT_DIR}/terms-lookup.json`;
/** Each term's normalised title and definition (for `q`). */
export const TERM_TEXT_FILE = `${ARTIFACT_DIR}/terms-text.json`;
/** Everything the public function reads: netlify.toml's included_files lists these. */
export const FUNCTION_ARTIFACTS = [
  CORE_FILE,
  PAGE_KINDS_FILE,
  TERM_LOOKUP_FILE,
  TERM_TEXT_FILE,
  SEARCH_FILE,
  `${PAGE_CHUNK_DIR}/*`,
  `${TERM_ITEM_CHUNK_DIR}/*`,
  `${TERM_CHUNK_DIR}/*`,
];

export const CHUNK_SIZE = 1_000;
/** At most this many chunks of each kind stay parsed in a function instance (least recently used go first). */
const CHUNK_CACHE = 64;

const chunkFile = (dir: string, n: number) => `${dir}/${n}.json`;
const chunkCount = (n: number) => Math.ceil(n / CHUNK_SIZE);

type Core = Omit<Catalog, 'pages' | 'terms'> & { page_count: number; term_count: number; chunk_size: number };

/**
 * The catalog's artifact files, by path under dist/, one at a time (a writer writes each and drops it). Every file
 * begins with the format and the build id, so a function refuses files that do not belong together. No file holds
 * the whole catalog: it would repeat every term's bytes in every build; builtCatalog (load-public-api.ts) reads it
 * back whole from these.
 */
export function* artifactFiles(catalog: Catalog): Generator<[string, string]> {
  const { format, build_id, pages, terms, ...small } = catalog;
  const stamp = { format, build_id };
  const json = (value: object) => JSON.stringify({ ...stamp, ...value });
  const { site_url, ...rest } = small;
  yield [CORE_FILE, json({ site_url, ...rest, page_count: pages.length, term_count: terms.length, chunk_size: CHUNK_SIZE })];
  for (let c = 0; c < chunkCount(pages.length); c++)
    yield [chunkFile(PAGE_CHUNK_DIR, c), json({ items: pages.slice(c * CHUNK_SIZE, (c + 1) * CHUNK_SIZE) })];
  for (let c = 0; c < chunkCount(terms.length); c++) {
    const run = terms.slice(c * CHUNK_SIZE, (c + 1) * CHUNK_SIZE);
    yield [chunkFile(TERM_ITEM_CHUNK_DIR, c), json({ items: run.map(termListItem) })];
    yield [chunkFile(TERM_CHUNK_DIR, c), json({ items: run })];
  }
  const positions = <T>(items: readonly T[], key: (item: T) => string) => {
    const out: Record<string, number[]> = {};
    items.forEach((item, i) => (out[key(item)] ??= []).push(i));
    return out;
  };
  yield [PAGE_KINDS_FILE, json({ ids: positions(pages, (p) => p.kind) })];
  yield [TERM_LOOKUP_FILE, json({ slugs: terms.map((t) => t.slug), by_category: positions(terms, (t) => t.category) })];
  yield [TERM_TEXT_FILE, json({ text: terms.map((t) => [normalise(t.title), normalise(t.definition)]) })];
}

const mismatch = (what: string, id: string, buildId: string) =>
  new Error(`${what} (build ${id}) and catalog (build ${buildId}) come from different builds: rebuild`);

/** Least-recently-used cache of parsed chunks. */
function chunkCache<T>(load: (n: number) => T[]): (n: number) => T[] {
  const cache = new Map<number, T[]>();
  return (n) => {
    let items = cache.get(n);
    if (items) cache.delete(n);
    else items = load(n);
    cache.set(n, items);
    if (cache.size > CHUNK_CACHE) cache.delete(cache.keys().next().value!);
    return items;
  };
}

/**
 * Loads the build's catalog through `read` (a file's text by its path under dist/), reading at start only the
 * core file: the small collections and the counts. Pages, terms, lookups and the search index are read when a
 * request first needs them, each chunk alone. Every file is checked as it is read: a format the code does not know,
 * or a file of another build, fails loudly rather than answering wrongly.
 *
 * The catalog given back satisfies Catalog for other users (the tools API reads `pages` and `terms`, which then
 * load whole); the public handlers use its bounded access (CATALOG_ACCESS) instead.
 */
export function loadArtifacts(read: (file: string) => string): { catalog: Catalog; index: SearchIndex | undefined } {
  const core = JSON.parse(read(CORE_FILE)) as Core & { format: number };
  if (core.format !== CATALOG_FORMAT)
    throw new Error(`catalog artifact has format ${core.format}, this code reads ${CATALOG_FORMAT}: rebuild`);
  if (core.chunk_size !== CHUNK_SIZE)
    throw new Error(`catalog artifact has chunks of ${core.chunk_size}, this code reads ${CHUNK_SIZE}: rebuild`);
  const { build_id: buildId } = core;
  const stamped = <T>(file: string): T => {
    const value = JSON.parse(read(file)) as { format: number; build_id: string };
    if (value.format !== CATALOG_FORMAT) throw new Error(`${file} has format ${value.format}, this code reads ${CATALOG_FORMAT}: rebuild`);
    if (value.build_id !== buildId) throw mismatch(file, value.build_id, buildId);
    return value as T;
  };
  const once = <T>(make: () => T): (() => T) => {
    let value: T | undefined;
    return () => (value ??= make());
  };

  const pageChunk = chunkCache((n) => stamped<{ items: Page[] }>(chunkFile(PAGE_CHUNK_DIR, n)).items);
  const itemChunk = chunkCache((n) => stamped<{ items: TermListItem[] }>(chunkFile(TERM_ITEM_CHUNK_DIR, n)).items);
  const termChunk = chunkCache((n) => stamped<{ items: GlossaryTerm[] }>(chunkFile(TERM_CHUNK_DIR, n)).items);
  const at =
    <T>(chunk: (n: number) => T[], count: number) =>
    (ids: readonly number[]) =>
      ids.map((i) => {
        if (!(i >= 0 && i < count)) throw new RangeError(`no item ${i} of ${count}`);
        return chunk(Math.floor(i / CHUNK_SIZE))[i % CHUNK_SIZE]!;
      });
  const pageKinds = once(() => stamped<{ ids: Record<string, number[]> }>(PAGE_KINDS_FILE).ids);
  const lookup = once(() => {
    const { slugs, by_category } = stamped<{ slugs: string[]; by_category: Record<string, number[]> }>(TERM_LOOKUP_FILE);
    return { slugs: new Map(slugs.map((s, i) => [s, i])), byCategory: by_category };
  });
  const text = once(() => stamped<{ text: [string, string][] }>(TERM_TEXT_FILE).text);
  const search = once(() => {
    const artifact = JSON.parse(read(SEARCH_FILE)) as SearchArtifact;
    if (artifact.build_id !== buildId) throw mismatch('search index', artifact.build_id, buildId);
    const index = loadSearchArtifact(artifact);
    if (documentCount(index) !== core.page_count)
      throw new Error(`search index holds ${documentCount(index)} pages, the catalog ${core.page_count}: rebuild`);
    return index;
  });
  // Whole arrays for the Catalog shape, read chunk by chunk without going through (and flushing) the caches.
  const wholePages = once(() =>
    Array.from({ length: chunkCount(core.page_count) }, (_, n) => stamped<{ items: Page[] }>(chunkFile(PAGE_CHUNK_DIR, n)).items).flat(),
  );
  const wholeTerms = once(() =>
    Array.from(
      { length: chunkCount(core.term_count) },
      (_, n) => stamped<{ items: GlossaryTerm[] }>(chunkFile(TERM_CHUNK_DIR, n)).items,
    ).flat(),
  );

  const { page_count, term_count, chunk_size: _c, ...small } = core;
  const access: CatalogAccess = {
    build_id: buildId,
    site_url: core.site_url,
    categories: core.categories,
    ...listsOf(core),
    pricing: core.pricing,
    pageCount: page_count,
    pages: at(pageChunk, page_count),
    pageIdsOfKind: (kind) => pageKinds()[kind] ?? [],
    termCount: term_count,
    termItems: at(itemChunk, term_count),
    fullTerms: at(termChunk, term_count),
    // Own keys only: `category=toString` (or `constructor`, `__proto__`) names no category, not Object's members.
    termIdsOfCategory: (category) => (Object.hasOwn(lookup().byCategory, category) ? lookup().byCategory[category]! : []),
    termText: text,
    termId: (slug) => lookup().slugs.get(slug),
    search,
  };
  const catalog = { ...small } as Catalog;
  Object.defineProperty(catalog, 'pages', { enumerable: true, get: wholePages });
  Object.defineProperty(catalog, 'terms', { enumerable: true, get: wholeTerms });
  Object.defineProperty(catalog, CATALOG_ACCESS, { value: access });
  return { catalog, index: undefined };
}
