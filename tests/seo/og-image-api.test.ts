// The image API (issue 24): a page's Open Graph image by content, rendered on its first request through the one
// pipeline, by the local origin and by the Netlify function, with the bytes the build would have written.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from '../helpers/built-site.ts';
import type { Catalog } from '../../src/model/catalog/catalog.ts';
import { builtCatalog } from '../helpers/built-catalog.ts';
import { createPipeline } from '../../src/request/api/http/pipeline.ts';
import { CACHE } from '../../src/model/endpoints/cache-policy.ts';
import { endpointsOf, NETLIFY_PATHS } from '../../src/model/endpoints/registry.ts';
import { createLocalOrigin } from '../../origin/local-origin.ts';
import { readConfig } from '../../src/model/config.ts';
import { ogImageImplementation, type OgRender } from '../../src/request/seo/og-image-api.ts';
import { ogImageSet } from '../../src/request/seo/og-image-set.ts';
import { renderOgPng } from '../../src/request/seo/render-og-png.ts';
import { renderedAtBuild, writeOgImages } from '../../src/request/seo/write-og-images.ts';
import { meta, readPage } from '../site/html-pages.ts';

const NO_BLOG = { articles: [], summaries: [] };
let dist: string;
let site: string;
let catalog: Catalog;
let tmp: string;
let termPath: string;
let termImage: string; // a glossary term's og:image (left to the image API)
let homeImage: string; // the home page's (written by the build)
let origin: (req: Request) => Promise<Response>;
beforeAll(async () => {
  ({ distDir: dist, siteUrl: site } = await builtSite());
  catalog = builtCatalog(dist);
  tmp = mkdtempSync(join(tmpdir(), 'skribra-og-api-test-'));
  termPath = catalog.pages.find((p) => p.kind === 'glossary')!.path;
  termImage = new URL(meta(readPage(dist, termPath), 'og:image')!).pathname;
  homeImage = new URL(meta(readPage(dist, '/'), 'og:image')!).pathname;
  origin = createLocalOrigin({ distDir: dist, config: readConfig() }).handler;
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const get = (handler: (req: Request) => Promise<Response>, path: string, init?: RequestInit) =>
  handler(new Request(`${site}${path}`, init));
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
const size = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe('the pages and the index agree', () => {
  it('every page names the image the build indexed for it, and the build wrote the images of every page but the terms', () => {
    const set = ogImageSet(catalog, NO_BLOG);
    for (const page of catalog.pages) {
      const url = set.pageImage.get(page.path)!;
      expect(new URL(meta(readPage(dist, page.path), 'og:image')!).pathname, page.path).toBe(url);
      expect(existsSync(join(dist, url)), page.path).toBe(page.kind !== 'glossary');
    }
    expect(set.images.filter(renderedAtBuild(catalog)).every((i) => existsSync(join(dist, i.url)) && existsSync(join(dist, i.path)))).toBe(
      true,
    );
  });
});

describe('GET /og-image/{key}.png through the local origin', () => {
  it("renders an image the build left out: 200, image/png, cached for ever, the build's bytes", async () => {
    expect(existsSync(join(dist, termImage))).toBe(false);
    const res = await get(origin, termImage);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('netlify-cdn-cache-control')).toBe('public, durable, s-maxage=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const png = await bytes(res);
    expect(size(png)).toEqual([1200, 630]);

    // What the build writes for the same content, rendered in its worker pool into an empty cache.
    const image = ogImageSet(catalog, NO_BLOG).images.find((i) => i.url === termImage)!;
    const out = join(tmp, 'build');
    const result = await writeOgImages(out, catalog, NO_BLOG, {
      cacheDir: join(tmp, 'empty-cache'),
      workers: 1,
      prune: false,
      select: (i) => i.url === termImage,
    });
    expect(result).toMatchObject({ images: 1, rendered: 1 });
    expect(png.equals(readFileSync(join(out, termImage)))).toBe(true);
    expect(png.equals(readFileSync(join(out, image.path)))).toBe(true);
  });

  it("answers an image the build wrote from its file, with the same policy, whatever the query (as Netlify's preferStatic)", async () => {
    for (const query of ['', '?v=2']) {
      const res = await get(origin, `${homeImage}${query}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toBe(CACHE.immutable.ok['cache-control']);
      expect((await bytes(res)).equals(readFileSync(join(dist, homeImage)))).toBe(true);
    }
  });

  it('is a 404 for a key no page has, a name that is no key, and the bare root', async () => {
    for (const path of [
      '/og-image/0123456789abcdef.png',
      '/og-image/glossary-seo.png',
      '/og-image/0123456789ABCDEF.png',
      `${termImage.slice(0, -4)}.jpg`,
      '/og-image/',
      '/og-image/a/b.png',
    ]) {
      const res = await get(origin, path);
      expect(res.status, path).toBe(404);
      expect((await res.json()).code, path).toBe('not_found');
      if (path === '/og-image/0123456789abcdef.png') expect(res.headers.get('cache-control')).toBe('public, max-age=30');
    }
  });

  it('answers HEAD and a matching If-None-Match without a body, and refuses other methods', async () => {
    const head = await get(origin, termImage, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
    expect((await bytes(head)).length).toBe(0);
    const etag = (await get(origin, termImage)).headers.get('etag')!;
    const again = await get(origin, termImage, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe(CACHE.immutable.ok['cache-control']);
    const post = await get(origin, termImage, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});

describe('the image runtime', () => {
  it('renders an image once for concurrent first requests', async () => {
    let renders = 0;
    const render: OgRender = async (card, host, width) => {
      renders++;
      return renderOgPng(card, host, width);
    };
    const handler = createPipeline({ apis: { images: ogImageImplementation({ distDir: dist, render }) } });
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(handler, termImage)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(renders).toBe(1);
    const [first, ...rest] = await Promise.all(answers.map(bytes));
    for (const b of rest) expect(b.equals(first!)).toBe(true);
  });
});

describe('the Netlify function', () => {
  it("serves the image API at the registry's paths, after the static files, with the build's bytes", async () => {
    process.env.SKRIBRA_DIST_DIR = dist;
    const fn = await import('../../functions/og-image.mts');
    expect(fn.config.path).toEqual(NETLIFY_PATHS.images);
    expect(fn.config.preferStatic).toBe(endpointsOf('images')[0]!.static!.preferStatic);
    const res = await fn.default(new Request(`${site}${termImage}`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe(CACHE.immutable.ok['cache-control']);
    const set = ogImageSet(catalog, NO_BLOG);
    const image = set.images.find((i) => i.url === termImage)!;
    expect((await bytes(res)).equals(await renderOgPng(image.card, set.host, image.width))).toBe(true);
    expect((await fn.default(new Request(`${site}/og-image/0123456789abcdef.png`))).status).toBe(404);
  });
});
