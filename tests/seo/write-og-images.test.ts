import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/model/catalog/load-catalog.ts';
import type { Catalog } from '../../src/model/catalog/catalog.ts';
import type { FullArticle } from '../../src/request/blog/public-article.ts';
import { ogImages } from '../../src/request/seo/og-images.ts';
import { ogCacheName } from '../../src/request/seo/og-cache.ts';
import { renderOgPng } from '../../src/request/seo/render-og-png.ts';
import { renderedAtBuild, writeOgImages } from '../../src/request/seo/write-og-images.ts';
import { ogImageSet } from '../../src/request/seo/og-image-set.ts';
import { pruneCache } from '../../src/model/core/prune-cache.ts';
import { ogImagePath } from '../../src/request/seo/page-json-ld.ts';
import { devImageRoutes } from '../../src/request/seo/dev-image-routes.ts';

const SITE = 'https://example.com';
const HOST = 'example.com';
let tmp: string;
let catalog: Catalog;
const articles = [1, 2, 3].map((i) => ({
  url: `${SITE}/blog/post-${i}/`,
  title: `Post ${i}`,
  excerpt: i === 2 ? undefined : `What post ${i} says.`,
})) as unknown as FullArticle[];
const blog = { articles, summaries: articles };
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'skribra-og-test-'));
  const full = loadCatalog(join(import.meta.dirname, '../../content'), SITE, 'og-test').catalog;
  // A small site, so rendering every image takes a few seconds: the home page, two terms, a tool, a doc, the blog.
  const keep = new Set([
    '/',
    ...full.pages
      .filter((p) => p.kind === 'glossary')
      .slice(0, 2)
      .map((p) => p.path),
    full.pages.find((p) => p.kind === 'tool')!.path,
    full.pages.find((p) => p.kind === 'doc')!.path,
  ]);
  catalog = { ...full, pages: full.pages.filter((p) => keep.has(p.path)) };
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const size = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];
const isPng = (png: Buffer) => png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

describe('writeOgImages', () => {
  let dist: string;
  let cache: string;
  let first: Awaited<ReturnType<typeof writeOgImages>>;
  beforeAll(async () => {
    dist = join(tmp, 'dist-1');
    cache = join(tmp, 'cache');
    first = await writeOgImages(dist, catalog, blog, { cacheDir: cache, workers: 2 });
  });

  it('writes an Open Graph image per page (1200 × 630) and a cover per article (600 × 315), each a PNG', () => {
    const images = ogImages(catalog, blog);
    // The pages, the 3 articles, the blog's index, the 404; then a cover per article.
    expect(images.map((i) => i.path).sort()).toEqual(
      [
        ...catalog.pages.map((p) => ogImagePath(p.path)),
        '/og/blog.png',
        '/og/404.png',
        ...[1, 2, 3].flatMap((i) => [`/og/blog/post-${i}.png`, `/covers/blog/post-${i}.png`]),
      ].sort(),
    );
    expect(first).toEqual({ images: images.length, rendered: images.length, copied: 0, pruned: 0, onRequest: 0 });
    for (const { path, width } of images) {
      const png = readFileSync(join(dist, path));
      expect(isPng(png), path).toBe(true);
      expect(size(png), path).toEqual(width === 1200 ? [1200, 630] : [600, 315]);
    }
    expect(readdirSync(cache).sort()).toEqual(images.map((i) => ogCacheName(i.card, HOST, i.width)).sort());
  });

  it('renders in the workers exactly the bytes a render in this thread gives', async () => {
    for (const image of ogImages(catalog, blog).filter((i) => i.path === '/og/index.png' || i.path === '/covers/blog/post-2.png')) {
      expect(readFileSync(join(dist, image.path)).equals(await renderOgPng(image.card, HOST, image.width)), image.path).toBe(true);
    }
  });

  it('writes each image at its content-addressed URL too, one file under both names', () => {
    const set = ogImageSet(catalog, blog);
    expect(set.images).toHaveLength(ogImages(catalog, blog).length);
    for (const image of set.images) {
      expect(image.url, image.path).toMatch(/^\/og-image\/[0-9a-f]{16}\.png$/);
      expect(image.key.startsWith(image.url.slice('/og-image/'.length, -'.png'.length)), image.path).toBe(true);
      expect(statSync(join(dist, image.url)).ino, image.path).toBe(statSync(join(dist, image.path)).ino);
    }
    expect(new Set(set.images.map((i) => i.url)).size).toBe(set.images.length);
    // og:image names the 1200 × 630 one of each page.
    expect(set.pageImage.get('/')).toBe(set.images.find((i) => i.path === '/og/index.png')!.url);
  });

  it('writes only what `select` keeps, and counts the rest as left to the image API', async () => {
    const dist5 = join(tmp, 'dist-5');
    const keep = renderedAtBuild(catalog);
    const set = ogImageSet(catalog, blog);
    const result = await writeOgImages(dist5, catalog, blog, { cacheDir: cache, workers: 2, prune: false, select: keep });
    const terms = catalog.pages.filter((p) => p.kind === 'glossary');
    expect(terms).toHaveLength(2);
    expect(result).toEqual({ images: set.images.length - 2, rendered: 0, copied: set.images.length - 2, pruned: 0, onRequest: 2 });
    for (const image of set.images) {
      const isTerm = terms.some((t) => t.path === image.card.path);
      expect(existsSync(join(dist5, image.url)), image.path).toBe(!isTerm);
      expect(existsSync(join(dist5, image.path)), image.path).toBe(!isTerm);
    }
  });

  it('takes cached images instead of rendering them again (hard-linked), and marks them used', async () => {
    const images = ogImages(catalog, blog);
    const home = images.find((i) => i.path === '/og/index.png')!;
    // A planted entry: only a copy, never a render, can put these bytes in dist.
    writeFileSync(join(cache, ogCacheName(home.card, HOST, home.width)), 'planted');
    const old = new Date(Date.now() - 3 * 86_400_000);
    for (const name of readdirSync(cache)) utimesSync(join(cache, name), old, old);
    const dist2 = join(tmp, 'dist-2');
    expect(await writeOgImages(dist2, catalog, blog, { cacheDir: cache, workers: 2 })).toEqual({
      images: images.length,
      rendered: 0,
      copied: images.length,
      pruned: 0,
      onRequest: 0,
    });
    expect(readFileSync(join(dist2, '/og/index.png'), 'utf8')).toBe('planted');
    for (const i of images.filter((x) => x !== home))
      expect(readFileSync(join(dist2, i.path)).equals(readFileSync(join(dist, i.path))), i.path).toBe(true);
    for (const i of images)
      expect(statSync(join(dist2, i.path)).ino, i.path).toBe(statSync(join(cache, ogCacheName(i.card, HOST, i.width))).ino);
    for (const name of readdirSync(cache)) expect(Date.now() - statSync(join(cache, name)).mtimeMs, name).toBeLessThan(60_000);
  });

  it('copies where the cache is on another file system, where no link can reach', async (ctx) => {
    const shm = existsSync('/dev/shm') ? mkdtempSync('/dev/shm/skribra-og-test-') : undefined;
    if (!shm || statSync(shm).dev === statSync(tmp).dev) {
      if (shm) rmSync(shm, { recursive: true });
      return ctx.skip();
    }
    try {
      for (const name of readdirSync(cache)) writeFileSync(join(shm, name), readFileSync(join(cache, name)));
      const dist4 = join(tmp, 'dist-4');
      const images = ogImages(catalog, blog);
      expect(await writeOgImages(dist4, catalog, blog, { cacheDir: shm, workers: 2, prune: false })).toEqual({
        images: images.length,
        rendered: 0,
        copied: images.length,
        pruned: 0,
        onRequest: 0,
      });
      for (const i of images)
        expect(readFileSync(join(dist4, i.path)).equals(readFileSync(join(shm, ogCacheName(i.card, HOST, i.width)))), i.path).toBe(true);
    } finally {
      rmSync(shm, { recursive: true, force: true });
    }
  });

  it('renders what changed, and prunes the old entry once it is past its week', async () => {
    const changed: Catalog = {
      ...catalog,
      pages: catalog.pages.map((p) => (p.path === '/' ? { ...p, description: 'A new description.' } : p)),
    };
    const home = ogImages(catalog, blog).find((i) => i.path === '/og/index.png')!;
    const stale = join(cache, ogCacheName(home.card, HOST, home.width));
    const old = new Date(Date.now() - 8 * 86_400_000);
    utimesSync(stale, old, old);
    const dist3 = join(tmp, 'dist-3');
    const result = await writeOgImages(dist3, changed, blog, { cacheDir: cache, workers: 2 });
    expect(result).toMatchObject({ rendered: 1, copied: result.images - 1, pruned: 1 });
    expect(existsSync(stale)).toBe(false);
    expect(size(readFileSync(join(dist3, '/og/index.png')))).toEqual([1200, 630]);
  });
});

describe('pruneCache', () => {
  const DAY = 86_400_000;
  const now = Date.parse('2026-06-01T12:00:00Z');
  const cacheWith = (entries: Record<string, number>) => {
    const dir = mkdtempSync(join(tmp, 'prune-'));
    for (const [name, ageDays] of Object.entries(entries)) {
      writeFileSync(join(dir, name), name);
      const t = new Date(now - ageDays * DAY);
      utimesSync(join(dir, name), t, t);
    }
    return dir;
  };

  it('keeps every entry this build used, whatever its age, and unused ones used within the week while they are few', async () => {
    const dir = cacheWith({ 'u1.png': 30, 'u2.png': 0, 'x-recent.png': 2, 'x-week.png': 6.9, 'x-old.png': 7.1, 'x-dead.png.1.ab.tmp': 9 });
    expect(await pruneCache(dir, new Set(['u1.png', 'u2.png', 'u3.png']), { now })).toBe(2);
    expect(readdirSync(dir).sort()).toEqual(['u1.png', 'u2.png', 'x-recent.png', 'x-week.png']);
  });

  it('takes unused entries older than a day early, oldest first, once they outnumber the used ones', async () => {
    const dir = cacheWith({ 'u1.png': 0, 'u2.png': 0, 'a.png': 6, 'b.png': 5, 'c.png': 4, 'd.png': 3, 'e.png': 0.5, 'f.png': 0.2 });
    // 6 unused for 2 used: a, b, c and d go (oldest first) until 2 are left; e and f are younger than a day and stay.
    expect(await pruneCache(dir, new Set(['u1.png', 'u2.png']), { now })).toBe(4);
    expect(readdirSync(dir).sort()).toEqual(['e.png', 'f.png', 'u1.png', 'u2.png']);
  });

  it('leaves the cache alone when it holds less than twice the build', async () => {
    const dir = cacheWith({ 'u1.png': 0, 'u2.png': 0, 'a.png': 6, 'b.png': 3 });
    expect(await pruneCache(dir, new Set(['u1.png', 'u2.png']), { now })).toBe(0);
    expect(readdirSync(dir)).toHaveLength(4);
  });

  it('does nothing when there is no cache yet', async () => {
    expect(await pruneCache(join(tmp, 'none'), new Set(), { now })).toBe(0);
  });

  it('prunes at most every so often when asked, keeping the time of its last pruning in the folder', async () => {
    const dir = cacheWith({ 'u1.png': 0, 'x-old.png': 8, 'y-old.png': 9 });
    const hourly = { now, atMostEveryHours: 1 };
    expect(await pruneCache(dir, new Set(['u1.png']), hourly)).toBe(2);
    writeFileSync(join(dir, 'z-old.png'), 'z');
    utimesSync(join(dir, 'z-old.png'), new Date(now - 8 * DAY), new Date(now - 8 * DAY));
    expect(await pruneCache(dir, new Set(['u1.png']), { ...hourly, now: now + 59 * 60_000 })).toBe(0);
    expect(await pruneCache(dir, new Set(['u1.png']), { ...hourly, now: now + 61 * 60_000 })).toBe(1);
    expect(readdirSync(dir).sort()).toEqual(['.pruned', 'u1.png']);
  });
});

describe('devImageRoutes (the /og/ and /covers/ routes of npm run dev)', () => {
  it('lists the images the build writes, by the path under each prefix', () => {
    const og = devImageRoutes('/og/', catalog, blog);
    const covers = devImageRoutes('/covers/', catalog, blog);
    expect([...og, ...covers].map((r) => r.props.image)).toEqual(expect.arrayContaining(ogImages(catalog, blog)));
    expect(og.length + covers.length).toBe(ogImages(catalog, blog).length);
    expect(og.find((r) => r.params.path === 'index')!.props).toEqual({
      image: ogImages(catalog, blog).find((i) => i.path === '/og/index.png'),
      host: HOST,
    });
    expect(covers.map((r) => r.params.path)).toEqual(['blog/post-1', 'blog/post-2', 'blog/post-3']);
    expect(covers.every((r) => r.props.image.width === 600)).toBe(true);
  });
});
