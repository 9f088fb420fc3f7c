// The term page cache's decisions (src/build-time/term-page-cache.ts): which pages a build renders, what their keys depend
// on, and how the rendered and cached pages reach dist/. Real builds over it: tests/indexnow/indexnow-build.test.ts.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/model/catalog/load-catalog.ts';
import { indexCatalog } from '../../src/model/catalog/build-twins.ts';
import type { Catalog } from '../../src/model/catalog/catalog.ts';
import { placeCachedTermPages, planTermPages, storeTermPages } from '../../src/build-time/term-page-cache.ts';
import { termPageProps, termPagesToRender } from '../../src/site/data/term-pages.ts';
import { codeKey } from '../../src/build-time/code-key.ts';
import { siteSettingsOf, type SiteSettings } from '../../src/site/data/site-settings.ts';
import { readConfig } from '../../src/model/config.ts';

const PLAN = Symbol.for('skribra.termPagePlan');
const ROOT = join(import.meta.dirname, '..', '..');
let tmp: string;
let catalog: Catalog;
const settings: SiteSettings = siteSettingsOf(readConfig({ SITE_URL: 'https://skribra.test' }));
const fresh = (name: string) => mkdtempSync(join(tmp, `${name}-`));
const props = (c: Catalog) => termPageProps(c, indexCatalog(c));
const names = (c: Catalog, s = settings, code = 'code', dir = fresh('cache')) =>
  new Map(planTermPages(props(c), code, s, dir).pages.map((p) => [p.dir, p.name]));

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'skribra-term-pages-'));
  catalog = loadCatalog(join(ROOT, 'content'), 'https://skribra.test').catalog;
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  // The plan lives on globalThis for the pages; files after this one in the same worker must not find one.
  delete (globalThis as Record<symbol, unknown>)[PLAN];
});

describe('a term page is made from its props', () => {
  it('gives each term its category and the titles and URLs of its related terms', () => {
    const all = props(catalog);
    expect(all.map((p) => p.term.slug)).toEqual(catalog.terms.map((t) => t.slug));
    const withRelated = all.find((p) => p.related.length > 0)!;
    const first = catalog.terms.find((t) => t.slug === withRelated.term.related_terms![0])!;
    expect(withRelated.related[0]).toEqual({ url: first.url, title: first.title });
    for (const p of all) expect(p.category.slug).toBe(p.term.category);
    expect(new Set(all.map((p) => p.site))).toEqual(new Set(['https://skribra.test']));
  });

  it('keys a page by everything it shows, and by nothing else', () => {
    const before = names(catalog);
    expect(new Set(before.values()).size).toBe(catalog.terms.length);

    // A related term's new title changes the pages that link to it, and the renamed term's own page.
    const renamed = catalog.terms.find((t) => catalog.terms.some((o) => o.related_terms?.includes(t.slug)))!;
    const linking = catalog.terms.filter((t) => t.related_terms?.includes(renamed.slug)).map((t) => `glossary/${t.slug}`);
    const edited = structuredClone(catalog);
    edited.terms.find((t) => t.slug === renamed.slug)!.title = 'A new title';
    const after = names(edited);
    const changed = [...before.keys()].filter((dir) => before.get(dir) !== after.get(dir));
    expect(changed.sort()).toEqual([`glossary/${renamed.slug}`, ...linking].sort());

    // The app's address is on every page; the cache and content folders are on none; the code shapes them all.
    const other = (s: Partial<SiteSettings>) => names(catalog, { ...settings, ...s });
    expect([...other({ appUrl: 'https://app.example/' }).values()].filter((n) => [...before.values()].includes(n))).toEqual([]);
    expect(other({ contentDir: '/elsewhere', ogCacheDir: '/x', buildCacheDir: '/y' })).toEqual(before);
    expect([...names(catalog, settings, 'other code').values()].some((n) => [...before.values()].includes(n))).toBe(false);
  });
});

describe('a build renders what the cache lacks', () => {
  it('renders every page with an empty cache, then only the pages whose entry is missing; a hit is touched', () => {
    const dir = fresh('cache');
    const all = planTermPages(props(catalog), 'code', settings, dir);
    expect(all.render).toHaveLength(catalog.terms.length);
    expect(all.pages.every((p) => !p.cached)).toBe(true);
    // Entries for all but the first two pages, a week old.
    const old = new Date(Date.now() - 7 * 86_400_000);
    for (const p of all.pages.slice(2)) {
      writeFileSync(join(dir, p.name), 'html');
      utimesSync(join(dir, p.name), old, old);
    }
    const next = planTermPages(props(catalog), 'code', settings, dir);
    expect(next.render.map((p) => p.term.slug)).toEqual(catalog.terms.slice(0, 2).map((t) => t.slug));
    expect(termPagesToRender()).toBe(next.render);
    expect(statSync(join(dir, next.pages[2]!.name)).mtimeMs).toBeGreaterThan(Date.now() - 60_000);
  });

  it('stores the rendered pages, links the cached ones into dist/ and prunes what no build used', async () => {
    const dir = fresh('cache');
    const out = fresh('dist');
    const plan = planTermPages(props(catalog), 'code', settings, dir);
    for (const p of plan.pages) {
      mkdirSync(join(out, p.dir), { recursive: true });
      writeFileSync(join(out, p.dir, 'index.html'), `<h1>${p.dir}</h1>`);
    }
    // An entry no build has used for 8 days.
    const stale = join(dir, 'stale.html');
    writeFileSync(stale, 'old');
    utimesSync(stale, new Date(Date.now() - 8 * 86_400_000), new Date(Date.now() - 8 * 86_400_000));
    await placeCachedTermPages(out, plan);
    const first = await storeTermPages(out, plan);
    expect(first).toEqual({ cached: 0, rendered: catalog.terms.length, stored: catalog.terms.length, pruned: 1, files: new Set() });
    expect(readdirSync(dir).sort()).toEqual(['.pruned', ...plan.pages.map((p) => p.name)].sort());
    expect(PLAN in globalThis && (globalThis as Record<symbol, unknown>)[PLAN]).toBeFalsy(); // spent: dev renders every term

    // The next build renders nothing and finds every page in the cache, the same file.
    const out2 = fresh('dist');
    const plan2 = planTermPages(props(catalog), 'code', settings, dir);
    expect(plan2.render).toEqual([]);
    await placeCachedTermPages(out2, plan2);
    expect(await storeTermPages(out2, plan2)).toEqual({
      cached: catalog.terms.length,
      rendered: 0,
      stored: 0,
      pruned: 0,
      files: new Set(catalog.terms.map((t) => `glossary/${t.slug}/index.html`)),
    });
    for (const p of plan2.pages) {
      const file = join(out2, p.dir, 'index.html');
      expect(readFileSync(file, 'utf8')).toBe(`<h1>${p.dir}</h1>`);
      expect(statSync(file).ino).toBe(statSync(join(dir, p.name)).ino);
    }
  });

  it('fails the build, saying why, when an entry it planned to use is gone', async () => {
    const dir = fresh('cache');
    const plan = planTermPages(props(catalog), 'code', settings, dir);
    for (const p of plan.pages) writeFileSync(join(dir, p.name), 'html');
    const planned = planTermPages(props(catalog), 'code', settings, dir);
    rmSync(dir, { recursive: true });
    await expect(placeCachedTermPages(fresh('dist'), planned)).rejects.toThrow(/the term page cache lost .* during this build/);
  });
});

describe('the code key', () => {
  it('changes with any file under src/ and with the lockfiles, and with nothing else', () => {
    const root = fresh('checkout');
    mkdirSync(join(root, 'src', 'pages'), { recursive: true });
    writeFileSync(join(root, 'src', 'pages', 'a.astro'), '<h1>a</h1>');
    writeFileSync(join(root, 'package-lock.json'), '{}');
    const key = codeKey(root);
    expect(codeKey(root)).toBe(key);
    expect(codeKey(`${root}/`)).toBe(key); // as Astro gives the root: a URL's path, with its slash
    writeFileSync(join(root, 'README.md'), 'docs');
    expect(codeKey(root)).toBe(key);
    writeFileSync(join(root, 'src', 'pages', 'a.astro'), '<h1>b</h1>');
    const edited = codeKey(`${root}/`);
    expect(edited).not.toBe(key);
    writeFileSync(join(root, 'src', 'pages', 'b.ts'), '');
    expect(codeKey(root)).not.toBe(edited); // a new file, even an empty one
    writeFileSync(join(root, 'package-lock.json'), '{"v":2}');
    expect(codeKey(root)).not.toBe(edited);
    expect(codeKey(ROOT)).toMatch(/^[0-9a-f]{64}$/);
  });
});
