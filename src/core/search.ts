import MiniSearch, { type AsPlainObject, type Options } from 'minisearch';

// Site search, shared by the public function (`/api/v1/search`) and the browser (`/search/`): the same index file,
// the same tokenising and the same ranking, so both answer a query identically.

/** Bumped whenever tokenising, stored fields or the artifact's shape change; another version is refused. */
export const SEARCH_FORMAT = 2;

export interface SearchDoc {
  /** Position of the page in `catalog.pages`: the function answers with that page, byte for byte. */
  id: number;
  path: string;
  title: string;
  description: string;
  kind: string;
  section?: string;
}

/** What the build writes to `_skribra/search-index.json`. */
export interface SearchArtifact { format: number; build_id: string; index: AsPlainObject }

/** Lower case with diacritics folded: the same normalisation for the index and for every query. */
export const normalise = (text: string): string => text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

export const searchOptions: Options<SearchDoc> = {
  fields: ['title', 'description'],
  // Enough for the browser to show a result without the catalog; the function reads the catalog's page instead.
  storeFields: ['path', 'title', 'description', 'kind', 'section'],
  processTerm: (term) => normalise(term) || null,
};

export function buildSearchIndex(docs: SearchDoc[]): MiniSearch<SearchDoc> {
  const index = new MiniSearch<SearchDoc>(searchOptions);
  index.addAll(docs);
  return index;
}

export const searchArtifact = (index: MiniSearch<SearchDoc>, buildId: string): SearchArtifact =>
  ({ format: SEARCH_FORMAT, build_id: buildId, index: index.toJSON() });

/** The index of a parsed artifact; an artifact of another format fails loudly rather than answering wrongly. */
export function loadSearchArtifact(artifact: SearchArtifact): MiniSearch<SearchDoc> {
  if (artifact?.format !== SEARCH_FORMAT) throw new Error(`search index has format ${artifact?.format}, this code reads ${SEARCH_FORMAT}: rebuild`);
  return MiniSearch.loadJS<SearchDoc>(artifact.index, searchOptions);
}

/** The normalised tokens of a query, split exactly as the index splits titles and descriptions. */
export const queryTokens = (q: string): string[] => tokenize(q).map(normalise).filter(Boolean);

export interface SearchHit { id: number; doc: SearchDoc; score: number }

/**
 * Every token must match a word, or the start of a word, of the title or description (AND, prefix, never fuzzy).
 * Score: the number of tokens found in the title, plus a relevance fraction below 1, so every title hit outranks
 * every description-only hit. Ties keep catalog order.
 */
export function searchPages(index: MiniSearch<SearchDoc>, q: string): SearchHit[] {
  const tokens = queryTokens(q);
  if (!tokens.length) return [];
  const hits = index.search({ combineWith: 'AND', queries: tokens }, { prefix: true, fuzzy: false });
  const out: SearchHit[] = new Array(hits.length);
  for (let i = 0; i < hits.length; i++) {
    const hit = hits[i]!;
    let inTitle = 0;
    for (const token of tokens) {
      for (const term in hit.match) {
        if (term.startsWith(token) && hit.match[term]!.includes('title')) { inTitle++; break; }
      }
    }
    const score = inTitle + hit.score / (1 + hit.score);
    out[i] = { id: hit.id as number, doc: hit as unknown as SearchDoc, score: Math.round(score * 10_000) / 10_000 };
  }
  return out.sort((a, b) => b.score - a.score || a.id - b.id);
}
