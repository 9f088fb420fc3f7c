import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from '../helpers/built-site.ts';
import {
  CORE_FILE,
  FUNCTION_ARTIFACTS,
  SEARCH_FILE,
  STATIC_PATHS_FILE,
  TERM_CHUNK_DIR,
  PAGE_CHUNK_DIR,
  TERM_LOOKUP_FILE,
  loadArtifacts,
} from '../../src/request/api/public/load-artifacts.ts';
import { CATALOG_ACCESS, type CatalogAccess } from '../../src/model/catalog/catalog.ts';
import { loadCatalog } from '../../src/model/catalog/load-catalog.ts';
import { BLOG_FUNCTION_PREFIX, functionUrlFor, PUBLIC_FUNCTION_PREFIX } from '../../src/request/api/public/function-mount.ts';
import { endpoints, NETLIFY_PATHS, PUBLIC_BASE } from '../../src/model/endpoints/registry.ts';
import { allowedMethods, SITE_METHODS } from '../../src/model/endpoints/methods.ts';
import { OG_INDEX_FILES } from '../../src/request/seo/og-image-index.ts';
import { netlifyFunctions, tomlList } from '../../scripts/netlify/bundle-function.ts';

/** Reads every artifact file through what the handlers use, as requests would one by one: throws the first problem. */
function readEveryArtifact(read: (file: string) => string): void {
  const { catalog } = loadArtifacts(read);
  const access = (catalog as typeof catalog & { [CATALOG_ACCESS]: CatalogAccess })[CATALOG_ACCESS];
  access.search();
  access.pageIdsOfKind('page');
  access.termId('');
  access.termText();
  void catalog.pages.length;
  void catalog.terms.length;
}

// The Netlify side: the artifacts the function loads (and refuses), the function entry, the edge router's
// decisions and the literal configs Netlify reads statically, held to the route table and the prefix.
const root = resolve(import.meta.dirname, '../..');
let distDir: string;
let site: string;
let read: (file: string) => string;
beforeAll(async () => {
  ({ distDir, siteUrl: site } = await builtSite());
  read = (file) => readFileSync(join(distDir, file), 'utf8');
});

describe('artifacts', () => {
  it('load only the core at start; pages, terms and the search index when asked', () => {
    const reads: string[] = [];
    const { catalog } = loadArtifacts((f) => {
      reads.push(f);
      return read(f);
    });
    expect(reads).toEqual([CORE_FILE]);
    const access = (catalog as unknown as Record<symbol, CatalogAccess>)[CATALOG_ACCESS]!;
    // The catalog the build made, made again from the same content for the same build.
    const made = loadCatalog(join(root, 'content'), site, catalog.build_id).catalog;
    expect(access.fullTerms([0])[0]).toEqual(made.terms[0]);
    expect(reads).toEqual([CORE_FILE, `${TERM_CHUNK_DIR}/0.json`]);
    expect(Object.getOwnPropertyDescriptor(catalog, 'terms')?.get).toBeTypeOf('function');
    expect({ ...catalog }).toEqual(made);
    expect(access.search()!.artifact.docs.length).toBe(catalog.pages.length);
  });

  const tamper = (file: string, edit: (text: string) => string) => (f: string) => (f === file ? edit(read(f)) : read(f));
  it.each([
    ['catalog format', tamper(CORE_FILE, (t) => t.replace(/^\{"format":\d+/, '{"format":99')), /catalog artifact has format 99/],
    ['search format', tamper(SEARCH_FILE, (t) => t.replace(/^\{"format":\d+/, '{"format":99')), /search index has format 99/],
    [
      'search build',
      tamper(SEARCH_FILE, (t) => t.replace(/"build_id":"[^"]*"/, '"build_id":"other"')),
      /search index \(build other\).*different builds/,
    ],
    [
      'term chunk format',
      tamper(`${TERM_CHUNK_DIR}/0.json`, (t) => t.replace(/^\{"format":\d+/, '{"format":99')),
      /_skribra\/terms\/0\.json has format 99/,
    ],
    [
      'page chunk build',
      tamper(`${PAGE_CHUNK_DIR}/0.json`, (t) => t.replace(/"build_id":"[^"]*"/, '"build_id":"other"')),
      /_skribra\/pages\/0\.json \(build other\).*different builds/,
    ],
    [
      'term lookup build',
      tamper(TERM_LOOKUP_FILE, (t) => t.replace(/"build_id":"[^"]*"/, '"build_id":"other"')),
      /terms-lookup\.json \(build other\).*different builds/,
    ],
    [
      'page count',
      tamper(CORE_FILE, (t) => t.replace(/"page_count":\d+/, '"page_count":3')),
      /search index holds \d+ pages, the catalog 3/,
    ],
  ])('refuse a mismatched %s, loudly, when read', (_, reader, message) => {
    expect(() => readEveryArtifact(reader)).toThrow(message);
  });
});

describe('the Netlify function entries', () => {
  it('public-api loads the artifacts named by SKRIBRA_DIST_DIR and strips its mount prefix', async () => {
    process.env.SKRIBRA_DIST_DIR = distDir;
    const mod = await import('../../functions/public-api.mts');
    expect(mod.config.path).toBe(`${PUBLIC_FUNCTION_PREFIX}/*`);
    const res = await mod.default(new Request(`${site}${PUBLIC_FUNCTION_PREFIX}/api/v1/search?q=seo&limit=2`));
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ query: 'seo' });
    const list = await mod.default(new Request(`${site}${PUBLIC_FUNCTION_PREFIX}/api/v1/pages`));
    expect(await list.text()).toBe(read('/api/v1/pages.json'));
  });

  it('blog-api serves the blog routes under its own prefix, and answers 502 without a database', async () => {
    process.env.SKRIBRA_DIST_DIR = distDir;
    const saved = [process.env.DATABASE_URL, process.env.NETLIFY_DB_URL];
    delete process.env.DATABASE_URL;
    delete process.env.NETLIFY_DB_URL;
    try {
      const mod = await import('../../functions/blog-api.mts');
      expect(mod.config.path).toBe(`${BLOG_FUNCTION_PREFIX}/*`);
      const res = await mod.default(new Request(`${site}${BLOG_FUNCTION_PREFIX}/api/v1/articles?page=1`));
      expect(res.status).toBe(502);
      expect((await res.json()).code).toBe('upstream_unavailable');
      expect((await mod.default(new Request(`${site}${BLOG_FUNCTION_PREFIX}/api/v1/articles/x?format=pdf`))).status).toBe(400);
    } finally {
      [process.env.DATABASE_URL, process.env.NETLIFY_DB_URL] = saved;
      if (saved[0] === undefined) delete process.env.DATABASE_URL;
      if (saved[1] === undefined) delete process.env.NETLIFY_DB_URL;
    }
  });
});

describe('the edge router', () => {
  let paths: Set<string>;
  beforeAll(() => {
    paths = new Set(Object.keys(JSON.parse(read(STATIC_PATHS_FILE))));
  });
  const route = (path: string, method = 'GET') => functionUrlFor(new Request(`https://skribra.com${path}`, { method }), paths)?.href;

  it('lets query-less requests with a static file through to it', () => {
    for (const path of [
      '/api/v1',
      '/api/v1/',
      '/api/v1/pages',
      '/api/v1/glossary',
      '/api/v1/glossary/canonical-url',
      '/api/v1/tools',
      '/api/v1/pricing',
    ])
      expect(route(path), path).toBeUndefined();
  });

  it('rewrites query strings, search, the blog, missing files, unknown paths and preflights to the function', () => {
    const fn = (path: string) => `https://skribra.com${PUBLIC_FUNCTION_PREFIX}${path}`;
    for (const path of [
      '/api/v1/pages?limit=5',
      '/api/v1/glossary?q=seo',
      '/api/v1/tools?x',
      '/api/v1/search',
      '/api/v1/search?q=seo',
      '/api/v1/health',
      '/api/v1/glossary/no-such-term',
      '/api/v1/nope',
      '/api/v1/articlesx',
    ])
      expect(route(path), path).toBe(fn(path));
    expect(route('/api/v1/pages', 'OPTIONS')).toBe(fn('/api/v1/pages'));
    const blog = (path: string) => `https://skribra.com${BLOG_FUNCTION_PREFIX}${path}`;
    for (const path of ['/api/v1/articles', '/api/v1/articles/', '/api/v1/articles?page=2', '/api/v1/articles/a-post?format=html'])
      expect(route(path), path).toBe(blog(path));
    expect(route('/api/v1/articles/a-post', 'OPTIONS')).toBe(blog('/api/v1/articles/a-post'));
  });

  it('declares literal configs that match the prefix and the route table', () => {
    const edge = readFileSync(join(root, 'netlify/edge-functions/api-router.ts'), 'utf8');
    expect(edge).toContain(`export const config: Config = { path: ['${PUBLIC_BASE}', '${PUBLIC_BASE}/*'] };`);
    const fnSource = readFileSync(join(root, 'functions/public-api.mts'), 'utf8');
    expect(fnSource).toContain(`export const config: Config = { path: '${PUBLIC_FUNCTION_PREFIX}/*' };`);
    const blogSource = readFileSync(join(root, 'functions/blog-api.mts'), 'utf8');
    expect(blogSource).toContain(`export const config: Config = { path: '${BLOG_FUNCTION_PREFIX}/*' };`);
  });
});

describe('netlify.toml', () => {
  const toml = readFileSync(join(root, 'netlify.toml'), 'utf8');
  it('publishes dist/ built on Node 24, with functions from functions/', () => {
    expect(toml).toMatch(/^\[build\][^[]*^\s*publish = "dist"$/m);
    expect(toml).toMatch(/^\[build\][^[]*^\s*command = "npm run build"$/m);
    expect(toml).toMatch(/^\[build\.environment\][^[]*^\s*NODE_VERSION = "24"$/m);
    expect(toml).toMatch(/^\[functions\][^[]*^\s*directory = "functions"$/m);
  });

  // Every function but the image function and the blog's own (its pages, and its purges: tests/public/
  // blog-pages-function.test.ts) answers with the public API's runtime over the build's artifacts.
  const OWN_FILES = ['og-image', 'blog-pages', 'blog-purge'];
  const artifactReaders = netlifyFunctions(toml).filter((name) => !OWN_FILES.includes(name));
  it('configures the API functions, the image function and the blog', () => {
    expect(netlifyFunctions(toml).filter((name) => OWN_FILES.includes(name))).toEqual(OWN_FILES);
    expect(artifactReaders).toEqual(['public-api', 'blog-api', 'tools-api', 'signup', 'mcp']);
  });
  it.each(artifactReaders)('ships every artifact %s reads with it', (name) => {
    expect(tomlList(toml, name, 'included_files').sort()).toEqual(FUNCTION_ARTIFACTS.map((f) => `dist/${f}`).sort());
  });

  it("ships the image function its index, its fonts and resvg's native module", () => {
    const block = /^\[functions\.og-image\]\n((?:\s+.*\n?)*)/m.exec(toml)?.[1] ?? '';
    const included =
      /included_files = \[([^\]]*)\]/
        .exec(block)?.[1]
        ?.split(', ')
        .map((f) => JSON.parse(f) as string) ?? [];
    expect(included).toContain(`dist/${OG_INDEX_FILES}`);
    for (const weight of [400, 700]) expect(included).toContain(`node_modules/@fontsource/inter/files/inter-latin-${weight}-normal.woff`);
    for (const file of included) if (!file.startsWith('dist/')) expect(existsSync(join(root, file)), file).toBe(true);
    expect(block).toMatch(/external_node_modules = \["@resvg\/resvg-js"\]/);
  });
});

describe('every Netlify config is held to the registry', () => {
  const literal = (file: string) => readFileSync(join(root, file), 'utf8');
  const globToRegex = (glob: string) => new RegExp(`^${glob.replace(/\*/g, '.*')}$`);
  const configs = {
    public: 'netlify/edge-functions/api-router.ts',
    content: 'functions/content-api.mts',
    tools: 'functions/tools-api.mts',
    images: 'functions/og-image.mts',
    signup: 'functions/signup.mts',
  } as const;

  it.each(Object.entries(configs))("the %s API: its literal config.path is the registry's", (api, file) => {
    const paths = NETLIFY_PATHS[api as keyof typeof NETLIFY_PATHS];
    const source = literal(file);
    const declared = /path: (\[[^\]]*\]|'[^']*')/.exec(source)![1]!.replace(/'/g, '"');
    expect(JSON.parse(declared.startsWith('[') ? declared : `[${declared}]`)).toEqual(paths);
  });

  it('every endpoint of the registry is under the Netlify paths of its API, and of no other', () => {
    for (const e of endpoints) {
      const url = e.pattern.replace(/:\w+/g, 'x');
      for (const [api, paths] of Object.entries(NETLIFY_PATHS)) {
        expect(
          paths.some((p) => globToRegex(p).test(url)),
          `${e.id} ${url} under ${api}`,
        ).toBe(api === e.api);
      }
    }
  });

  it('the method guard answers what the site does not declare, and leaves the APIs to their functions', async () => {
    const source = literal('netlify/edge-functions/method-guard.ts');
    for (const paths of Object.values(NETLIFY_PATHS)) for (const p of paths) expect(source).toContain(`'${p}'`);
    const { default: guard } = await import('../../netlify/edge-functions/method-guard.ts');
    const res = guard(new Request('https://skribra.com/glossary/', { method: 'POST' }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allowedMethods({ methods: SITE_METHODS }).join(', '));
    expect((await res.json()).code).toBe('method_not_allowed');
  });

  it('the edge router sends every non-read on the public API to the function, which answers 405', () => {
    const paths = new Set(Object.keys(JSON.parse(read(STATIC_PATHS_FILE))));
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const to = functionUrlFor(new Request('https://skribra.com/api/v1/pricing', { method }), paths);
      expect(to?.pathname, method).toBe(`${PUBLIC_FUNCTION_PREFIX}/api/v1/pricing`);
    }
  });
});
