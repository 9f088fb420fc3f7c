import MiniSearch, { type Options, type SearchResult as Hit } from 'minisearch';

/** Bumped whenever tokenising or stored fields change; a loaded index of another version is refused. */
export const SEARCH_FORMAT = 1;

export interface SearchDoc {
  id: number;
  path: string;
  title: string;
  description: string;
  kind: string;
  section?: string;
  updated?: string;
}

/** Lower case with diacritics folded: the same normalisation for the index and for every query. */
export const normalise = (text: string): string => text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();

export const searchOptions: Options<SearchDoc> = {
  fields: ['title', 'description'],
  storeFields: ['path', 'title', 'description', 'kind', 'section', 'updated'],
  processTerm: (term) => normalise(term) || null,
};

export function buildSearchIndex(docs: SearchDoc[]): MiniSearch<SearchDoc> {
  const index = new MiniSearch<SearchDoc>(searchOptions);
  index.addAll(docs);
  return index;
}

export const loadSearchIndex = (json: string): MiniSearch<SearchDoc> => MiniSearch.loadJSON<SearchDoc>(json, searchOptions);

/**
 * Every whitespace-separated token must match a word, or the start of a word, of the title or description; no
 * fuzzy matching. Score: the number of tokens found in the title, plus a relevance fraction below 1, so every
 * title hit outranks every description-only hit. Ties keep index order.
 */
export function searchPages(index: MiniSearch<SearchDoc>, q: string): { doc: SearchDoc; score: number }[] {
  const tokens = (MiniSearch.getDefault('tokenize') as (text: string) => string[])(q).map(normalise).filter(Boolean);
  if (!tokens.length) return [];
  const hits = index.search(tokens.join(' '), { combineWith: 'AND', prefix: true, fuzzy: false });
  return hits
    .map((hit: Hit) => {
      const titleTerms = new Set(Object.entries(hit.match).filter(([, fields]) => fields.includes('title')).map(([term]) => term));
      const titleTokens = tokens.filter((t) => [...titleTerms].some((term) => term.startsWith(t))).length;
      const score = titleTokens + hit.score / (1 + hit.score);
      return { doc: hit as unknown as SearchDoc, score: Math.round(score * 10_000) / 10_000 };
    })
    .sort((a, b) => b.score - a.score || a.doc.id - b.doc.id);
}
