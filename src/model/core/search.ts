// Site search, shared by the public function (`/api/v1/search`) and the browser (`/search/`): one index file, one
// tokeniser, one ranking, so both answer a query identically.
//
// A small purpose-built index rather than MiniSearch, measured over 10,000 pages on a 2-core machine: MiniSearch's
// loadJS rebuilds its radix tree at every cold start (60-100 ms), and its AND scores every document of every term
// before intersecting (7 ms for a query holding one common word). Here the terms are a sorted array (a prefix is a
// contiguous range found by binary search) and postings are plain integer arrays, so loading is one JSON.parse and
// a query touches only the postings of its own terms, rarest term first.

/** Bumped whenever tokenising, ranking inputs or the artifact's shape change; another version is refused. */
export const SEARCH_FORMAT = 3;

export interface SearchDoc {
  /** Position of the page in `catalog.pages`: the function answers with that page, byte for byte. */
  id: number;
  path: string;
  title: string;
  description: string;
  kind: string;
  section?: string;
}

/** Stored fields of a document, as a tuple to keep the file small: enough for the browser to show a result. */
type StoredDoc = [path: string, title: string, description: string, kind: string, section?: string];

/** What the build writes to `_skribra/search-index.json`. */
export interface SearchArtifact {
  format: number;
  build_id: string;
  /** Document i is page i of the catalog. */
  docs: StoredDoc[];
  /** Title and description lengths in words, two per document. */
  lengths: number[];
  /** Every distinct normalised word, sorted by code unit. */
  terms: string[];
  /** For each term, `doc * 4 + fields` per document holding it (fields: 1 title, 2 description), by doc. */
  postings: number[][];
}

export interface SearchIndex {
  artifact: SearchArtifact;
  idf: Float64Array;
  avgTitle: number;
  avgDescription: number;
  // Scratch space for one query at a time (queries are synchronous).
  stamp: Int32Array;
  weight: Float64Array;
  inTitle: Uint8Array;
  generation: number;
}

interface SearchHit {
  id: number;
  score: number;
}

/** Lower case with diacritics folded: the same normalisation for the index and for every query. */
export const normalise = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/** Words are split on white space and punctuation, for titles, descriptions and queries alike. */
const SEPARATOR = /[\s\p{Z}\p{P}]+/u;
const words = (text: string): string[] => normalise(text).split(SEPARATOR).filter(Boolean);

export function buildSearchIndex(docs: SearchDoc[], buildId = 'dev'): SearchIndex {
  const byTerm = new Map<string, number[]>();
  const lengths: number[] = [];
  docs.forEach((doc, id) => {
    if (doc.id !== id) throw new Error(`search document ${doc.path} has id ${doc.id}, expected ${id}`);
    const fields = new Map<string, number>();
    const title = words(doc.title);
    const description = words(doc.description);
    for (const w of title) fields.set(w, (fields.get(w) ?? 0) | 1);
    for (const w of description) fields.set(w, (fields.get(w) ?? 0) | 2);
    for (const [w, f] of fields) (byTerm.get(w) ?? byTerm.set(w, []).get(w)!).push(id * 4 + f);
    lengths.push(title.length, description.length);
  });
  const terms = [...byTerm.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const stored = docs.map(
    (d): StoredDoc => (d.section ? [d.path, d.title, d.description, d.kind, d.section] : [d.path, d.title, d.description, d.kind]),
  );
  return loadSearchArtifact({
    format: SEARCH_FORMAT,
    build_id: buildId,
    docs: stored,
    lengths,
    terms,
    postings: terms.map((t) => byTerm.get(t)!),
  });
}

export const searchArtifact = (index: SearchIndex, buildId: string): SearchArtifact => ({ ...index.artifact, build_id: buildId });

/** The index of a parsed artifact; an artifact of another format fails loudly rather than answering wrongly. */
export function loadSearchArtifact(artifact: SearchArtifact): SearchIndex {
  if (artifact?.format !== SEARCH_FORMAT)
    throw new Error(`search index has format ${artifact?.format}, this code reads ${SEARCH_FORMAT}: rebuild`);
  const n = artifact.docs.length;
  const idf = Float64Array.from(artifact.postings, (p) => Math.log(1 + n / p.length));
  let titles = 0;
  let descriptions = 0;
  for (let i = 0; i < artifact.lengths.length; i += 2) {
    titles += artifact.lengths[i]!;
    descriptions += artifact.lengths[i + 1]!;
  }
  return {
    artifact,
    idf,
    avgTitle: titles / Math.max(n, 1) || 1,
    avgDescription: descriptions / Math.max(n, 1) || 1,
    stamp: new Int32Array(n),
    weight: new Float64Array(n),
    inTitle: new Uint8Array(n),
    generation: 0,
  };
}

export const documentCount = (index: SearchIndex): number => index.artifact.docs.length;

/** Index of the first term >= `token`; the terms starting with `token` follow it contiguously. */
function lowerBound(terms: string[], token: string): number {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (terms[mid]! < token) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Every word of `q` must match a word, or the start of a word, of the title or description (AND, prefix, never
 * fuzzy, case and diacritics folded). Score: the number of query words found in the title, plus a relevance
 * fraction below 1 (rarer words, whole-word matches and shorter fields weigh more), so every title hit outranks
 * every description-only hit. Ties keep catalog order. Returns every match's count and the best `limit`.
 */
export function searchPages(index: SearchIndex, q: string, limit = Infinity): { total: number; hits: SearchHit[] } {
  const { terms, postings, lengths } = index.artifact;
  const tokens = [...new Set(words(q))];
  if (!tokens.length) return { total: 0, hits: [] };
  const ranges = tokens.map((token) => {
    const from = lowerBound(terms, token);
    let to = from;
    let cost = 0;
    while (to < terms.length && terms[to]!.startsWith(token)) cost += postings[to++]!.length;
    return { token, from, to, cost };
  });
  if (ranges.some((r) => r.cost === 0)) return { total: 0, hits: [] };
  ranges.sort((a, b) => a.cost - b.cost);

  const { stamp, weight, inTitle, idf } = index;
  const candidates: number[] = [];
  let relevance = new Float64Array(0);
  let titleWords = new Uint8Array(0);
  for (let r = 0; r < ranges.length; r++) {
    const { token, from, to } = ranges[r]!;
    const gen = ++index.generation;
    for (let k = from; k < to; k++) {
      const whole = terms[k]!.length === token.length ? 1 : 0.5;
      const list = postings[k]!;
      for (let i = 0; i < list.length; i++) {
        const doc = list[i]! >> 2;
        const fields = list[i]! & 3;
        const w =
          idf[k]! *
          whole *
          (fields & 1 ? 2 / (1 + lengths[doc * 2]! / index.avgTitle) : 1 / (1 + lengths[doc * 2 + 1]! / index.avgDescription));
        if (stamp[doc] !== gen) {
          stamp[doc] = gen;
          weight[doc] = w;
          inTitle[doc] = fields & 1;
          if (r === 0) candidates.push(doc);
        } else {
          if (w > weight[doc]!) weight[doc] = w;
          inTitle[doc] = inTitle[doc]! | (fields & 1);
        }
      }
    }
    if (r === 0) {
      relevance = new Float64Array(candidates.length);
      titleWords = new Uint8Array(candidates.length);
      for (let c = 0; c < candidates.length; c++) {
        relevance[c] = weight[candidates[c]!]!;
        titleWords[c] = inTitle[candidates[c]!]!;
      }
      continue;
    }
    let kept = 0;
    for (let c = 0; c < candidates.length; c++) {
      const doc = candidates[c]!;
      if (stamp[doc] !== gen) continue;
      candidates[kept] = doc;
      relevance[kept] = relevance[c]! + weight[doc]!;
      titleWords[kept] = titleWords[c]! + inTitle[doc]!;
      kept++;
    }
    candidates.length = kept;
    if (!kept) return { total: 0, hits: [] };
  }

  // Keep only the best `limit`, by insertion into a short sorted list: a full sort of 10,000 matches costs more.
  const best: SearchHit[] = [];
  const cap = Math.min(limit, candidates.length);
  if (cap < 1) return { total: candidates.length, hits: [] };
  const before = (a: SearchHit, b: SearchHit) => a.score > b.score || (a.score === b.score && a.id < b.id);
  for (let c = 0; c < candidates.length; c++) {
    const rel = relevance[c]!;
    const hit = { id: candidates[c]!, score: Math.round((titleWords[c]! + rel / (1 + rel)) * 10_000) / 10_000 };
    if (best.length === cap && !before(hit, best[cap - 1]!)) continue;
    let at = best.length === cap ? cap - 1 : best.length;
    while (at > 0 && before(hit, best[at - 1]!)) {
      best[at] = best[at - 1]!;
      at--;
    }
    best[at] = hit;
  }
  return { total: candidates.length, hits: best };
}
