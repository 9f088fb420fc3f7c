import { describe, expect, it } from 'vitest';
import {
  buildSearchIndex,
  loadSearchArtifact,
  normalise,
  searchArtifact,
  searchPages,
  SEARCH_FORMAT,
  type SearchDoc,
  type SearchIndex,
} from '../../src/model/core/search.ts';

/** A document of the index by id, as the artifact holds it (the search answers read hits the same way). */
function docOf(index: SearchIndex, id: number): SearchDoc {
  const [path, title, description, kind, section] = index.artifact.docs[id]!;
  return { id, path, title, description, kind, ...(section ? { section } : {}) };
}

// The search rules of issue 3 and spec 4.1 rule 1, on a small index whose every answer can be worked out by hand.
const pages: Omit<SearchDoc, 'id'>[] = [
  { path: '/a/', title: 'Crawl budget', description: 'How many URLs a search engine fetches.', kind: 'glossary' },
  { path: '/b/', title: 'Robots file', description: 'Rules that steer the crawl of a site.', kind: 'glossary' },
  { path: '/c/', title: 'Crawling and indexing', description: 'From discovery to the index.', kind: 'doc', section: 'Docs' },
  { path: '/d/', title: 'Café SEO', description: 'Local search for a résumé of small shops.', kind: 'page' },
  { path: '/e/', title: 'Budget planner', description: 'Plan what to crawl next and what to write.', kind: 'tool' },
  { path: '/f/', title: 'E-commerce SEO', description: 'Category pages, facets; and budget.', kind: 'page' },
];
const index = buildSearchIndex(pages.map((p, id) => ({ id, ...p })));
const paths = (q: string, limit?: number) => searchPages(index, q, limit).hits.map((h) => docOf(index, h.id).path);
const total = (q: string) => searchPages(index, q).total;

describe('search semantics', () => {
  it('requires every token (AND) in the title or the description', () => {
    expect(paths('crawl budget')).toEqual(['/a/', '/e/']);
    expect(total('crawl budget')).toBe(2);
    expect(paths('robots budget')).toEqual([]);
  });

  it('matches whole words and the start of words, never the middle or the end', () => {
    expect(paths('crawl').sort()).toEqual(['/a/', '/b/', '/c/', '/e/']); // "crawling" starts with "crawl"
    expect(paths('rawl')).toEqual([]);
    expect(paths('udget')).toEqual([]);
    expect(paths('index').sort()).toEqual(['/c/']); // "indexing" and "index"
  });

  it('has no fuzzy matching: a typo finds nothing', () => {
    expect(paths('crawk')).toEqual([]);
    expect(paths('budgte')).toEqual([]);
    expect(paths('crawl budgte')).toEqual([]);
  });

  it('ignores case and folds diacritics on both sides', () => {
    expect(paths('CRAWL BUDGET')).toEqual(paths('crawl budget'));
    expect(paths('cafe')).toEqual(['/d/']);
    expect(paths('CAFÉ')).toEqual(['/d/']);
    expect(paths('resume')).toEqual(['/d/']);
    expect(normalise('Ünïcödé')).toBe('unicode');
  });

  it('ranks every title hit above every description-only hit', () => {
    // "budget" is in the titles of /a/ and /e/ and only in the description of /f/.
    const { hits } = searchPages(index, 'budget');
    expect(hits.map((h) => docOf(index, h.id).path)).toEqual(['/a/', '/e/', '/f/']);
    expect(hits[0]!.score).toBeGreaterThanOrEqual(1);
    expect(hits[1]!.score).toBeGreaterThanOrEqual(1);
    expect(hits[2]!.score).toBeLessThan(1);
    // Two query words in the title beat one.
    const two = searchPages(index, 'crawl budget').hits;
    expect(docOf(index, two[0]!.id).path).toBe('/a/');
    expect(two[0]!.score).toBeGreaterThanOrEqual(2);
    expect(two[1]!.score).toBeLessThan(2);
  });

  it('orders best first and counts every match while returning at most `limit`', () => {
    const all = searchPages(index, 'crawl');
    for (let i = 1; i < all.hits.length; i++) expect(all.hits[i - 1]!.score).toBeGreaterThanOrEqual(all.hits[i]!.score);
    const two = searchPages(index, 'crawl', 2);
    expect(two.total).toBe(4);
    expect(two.hits).toEqual(all.hits.slice(0, 2));
  });

  it('splits query words on punctuation exactly as it splits titles', () => {
    expect(paths('e-commerce')).toEqual(['/f/']);
    expect(paths('facets;')).toEqual(['/f/']);
    expect(searchPages(index, '— ,').total).toBe(0);
  });

  it('survives a round trip through its JSON artifact and refuses another format', () => {
    const artifact = JSON.parse(JSON.stringify(searchArtifact(index, 'b1')));
    expect(artifact).toMatchObject({ format: SEARCH_FORMAT, build_id: 'b1' });
    const loaded = loadSearchArtifact(artifact);
    expect(searchPages(loaded, 'crawl budget')).toEqual(searchPages(index, 'crawl budget'));
    expect(docOf(loaded, 2)).toEqual({ id: 2, ...pages[2] });
    expect(() => loadSearchArtifact({ ...artifact, format: SEARCH_FORMAT - 1 })).toThrow(/format/);
  });
});
