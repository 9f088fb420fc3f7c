import MiniSearch from 'minisearch';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from '../helpers/built-site.ts';
import { buildSearchIndex, normalise, searchPages, type SearchDoc } from '../../src/model/core/search.ts';
import { builtCatalog } from '../helpers/built-catalog.ts';
import type { Catalog } from '../../src/model/catalog/catalog.ts';

// Our search index is purpose-built for cold-start and latency (see src/model/core/search.ts). MiniSearch, configured
// with the semantics (AND, prefix, no fuzzy, same normalisation), is the reference: both must find exactly
// the same pages for every query, and our ranking must put every title hit above every description-only hit.
let docs: SearchDoc[];
beforeAll(async () => {
  const { distDir } = await builtSite();
  const catalog = builtCatalog(distDir) as Catalog;
  docs = catalog.pages.map((p, id) => ({ id, path: p.path, title: p.title, description: p.description, kind: p.kind }));
});

const QUERIES = [
  'seo',
  'canonical',
  'canon url',
  'Search Console',
  'LINK',
  'crawl budget',
  'ai',
  'schéma',
  'content brief',
  'core web vitals',
  'meta desc',
  'agents publish',
  'zzzz',
  'redirect 301',
  'local pack',
  'json-ld',
];

describe('site search agrees with MiniSearch', () => {
  it.each(QUERIES)('%s', (q) => {
    const reference = new MiniSearch<SearchDoc>({ fields: ['title', 'description'], processTerm: (t) => normalise(t) || null });
    reference.addAll(docs);
    const expected = reference
      .search(q, { combineWith: 'AND', prefix: true, fuzzy: false })
      .map((h) => h.id as number)
      .sort((a, b) => a - b);
    const ours = searchPages(buildSearchIndex(docs), q);
    if (q !== 'zzzz') expect(expected.length, 'the query should match something').toBeGreaterThan(0);
    expect(ours.total).toBe(expected.length);
    expect(ours.hits.map((h) => h.id).sort((a, b) => a - b)).toEqual(expected);
    const titleHits = ours.hits.map((h) => Math.floor(h.score));
    expect([...titleHits].sort((a, b) => b - a)).toEqual(titleHits);
  });
});
