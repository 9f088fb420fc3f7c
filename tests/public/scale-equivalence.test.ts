import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, type SiteContent } from '../../src/model/catalog/load-catalog.ts';
import { writeArtifacts } from '../../src/build-time/write-artifacts.ts';
import { CATALOG_ACCESS, type CatalogAccess } from '../../src/model/catalog/catalog.ts';
import { CHUNK_SIZE, CORE_FILE, loadArtifacts } from '../../src/request/api/public/load-artifacts.ts';
import { createPublicApi } from '../../src/request/api/public/create-public-api.ts';
import { createPipeline } from '../../src/request/api/http/pipeline.ts';
import { loadSearchArtifact } from '../../src/model/core/search.ts';
import { SEARCH_FILE } from '../../src/request/api/public/load-artifacts.ts';
import { publicImplementation as wholeCatalogImplementation } from './whole-catalog-api.ts';
import { generateContent } from '../../scripts/generate-content.ts';

// Issue 17: the function reads chunks of pages and terms instead of the whole catalog. Every answer must stay what
// the whole-catalog handlers gave, byte for byte, on a corpus of several chunks.
const SITE = 'https://example.com';
let dir: string;
let dist: string;
let content: SiteContent;
let chunked: (req: Request) => Promise<Response>;
let whole: (req: Request) => Promise<Response>;
let reads: string[];
beforeAll(() => {
  dir = generateContent(2_600);
  dist = mkdtempSync(join(tmpdir(), 'skribra-scale-eq-'));
  content = loadCatalog(dir, SITE, 'eq-build');
  writeArtifacts(dist, content.catalog);
  reads = [];
  const { catalog, index } = loadArtifacts((f) => {
    reads.push(f);
    return readFileSync(join(dist, f), 'utf8');
  });
  chunked = createPublicApi({ catalog, index });
  const search = loadSearchArtifact(JSON.parse(readFileSync(join(dist, SEARCH_FILE), 'utf8')));
  whole = createPipeline({ apis: { public: wholeCatalogImplementation({ catalog: content.catalog, index: search }) } });
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
});

const body = async (handler: (req: Request) => Promise<Response>, path: string) => {
  const res = await handler(new Request(`${SITE}${path}`));
  return `${res.status} ${res.headers.get('etag')} ${await res.text()}`;
};

describe('the chunked artifacts answer as the whole catalog did', () => {
  it('spans several chunks', () => {
    expect(content.catalog.terms.length).toBeGreaterThan(2 * CHUNK_SIZE);
    expect(content.catalog.pages.length).toBeGreaterThan(2 * CHUNK_SIZE);
  });

  it('reads only the core at start, and one chunk for one term', async () => {
    expect(reads).toEqual([CORE_FILE]);
    const term = content.catalog.terms[2_100]!;
    await body(chunked, `/api/v1/glossary/${term.slug}`);
    expect(reads).toEqual([CORE_FILE, '_skribra/terms-lookup.json', '_skribra/terms/2.json']);
  });

  it('gives the same bytes for lists, filters, paging, search and single resources', async () => {
    const terms = content.catalog.terms;
    const categories = content.catalog.categories.map((c) => c.slug);
    const paths = [
      '/api/v1/pages',
      '/api/v1/pages?limit=100&page=10',
      '/api/v1/pages?limit=100&page=11',
      '/api/v1/pages?limit=7&page=143',
      '/api/v1/pages?page=999',
      '/api/v1/pages?kind=glossary&page=20',
      '/api/v1/pages?kind=tool',
      '/api/v1/pages?kind=doc&limit=3&page=2',
      '/api/v1/pages?kind=nope',
      '/api/v1/glossary',
      '/api/v1/glossary?page=21',
      '/api/v1/glossary?limit=100&page=20',
      '/api/v1/glossary?full=true&limit=100&page=10',
      '/api/v1/glossary?page=9999',
      '/api/v1/glossary?q=crawl',
      '/api/v1/glossary?q=Crawl%20signal&page=2',
      '/api/v1/glossary?q=%C3%A9&limit=5',
      '/api/v1/glossary?q=zzzz',
      '/api/v1/glossary?category=nope',
      ...categories.flatMap((c) => [
        `/api/v1/glossary?category=${c}`,
        `/api/v1/glossary?category=${c}&page=3&full=true`,
        `/api/v1/glossary?category=${c}&q=budget&limit=10`,
      ]),
      '/api/v1/search?q=crawl',
      '/api/v1/search?q=crawl%20budget&limit=50',
      '/api/v1/search?q=sitemap',
      '/api/v1/search?q=nothingmatches',
      '/api/v1/search?q=gen',
      ...[0, 1, 999, 1000, 1999, 2000, terms.length - 1].map((i) => `/api/v1/glossary/${terms[i]!.slug}`),
      '/api/v1/glossary/no-such-term',
      '/api/v1/glossary/categories',
      '/api/v1/tools',
      '/api/v1/agents',
      '/api/v1/features',
      '/api/v1/comparisons',
      '/api/v1/pricing',
      '/api/v1/',
      `/api/v1/tools/${content.catalog.tools[0]!.slug}`,
      `/api/v1/comparisons/${content.catalog.comparisons[0]!.slug}`,
      '/api/v1/tools/nope',
    ];
    const differ: string[] = [];
    for (const path of paths) if ((await body(chunked, path)) !== (await body(whole, path))) differ.push(path);
    expect(differ).toEqual([]);
    expect(await body(chunked, '/api/v1/glossary?limit=100&page=20')).toMatch(/^200 /);
  });

  it('keeps the whole Catalog shape for other readers (the tools API)', () => {
    const { catalog } = loadArtifacts((f) => readFileSync(join(dist, f), 'utf8'));
    expect(catalog.terms).toEqual(content.catalog.terms);
    expect(catalog.pages).toEqual(content.catalog.pages);
    const access = (catalog as unknown as Record<symbol, CatalogAccess>)[CATALOG_ACCESS]!;
    expect(access.termCount).toBe(content.catalog.terms.length);
  });
});
