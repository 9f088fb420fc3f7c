// The blog of a real site build, answered on request by the local origin over real HTTP from a seeded store: pages,
// twins, the feed and the blog's part of the sitemap and llms files (none of them files of the build). A build whose
// store is unreachable fails unless SKRIBRA_BLOG_OPTIONAL=1; an origin whose store is unreachable answers an uncached
// blog page 502 with the site's error page; the Netlify function's blog over a closed port.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestStore, type TestStore } from '../content/helpers.ts';
import { seedDemo } from '../../dev/seed/seed.ts';
import { BLOG_PROJECT_ID } from '../../src/store/repos/blog-project.ts';
import { readConfig } from '../../src/model/config.ts';
import { blogTopics, toArticle } from '../../dev/seed/seed-content.ts';
import { publishArticle, updateArticleState } from '../../src/store/repos/articles.ts';
import { htmlToMarkdown } from '../../src/request/blog/html-to-markdown.ts';
import { createLocalOrigin } from '../../origin/local-origin.ts';
import { listen } from '../../origin/serve.ts';
import { connect } from '../../src/store/open-store.ts';
import { createTagCache } from '../../origin/tag-cache.ts';
import { followBlogChanges } from '../../src/request/blog/follow-blog-changes.ts';
import { storeRelay } from '../helpers/store-relay.ts';
import { vocabularyProblems } from '../site/schema-vocabulary.ts';
import { jsonLdBlocks, ofType, jsonLdNodes } from '../site/html-pages.ts';
import { ROOT, siteBuild, testBuildDir } from '../helpers/test-builds.ts';
import { builtSite } from '../helpers/built-site.ts';
import { PICTURE_ARTICLE_SLUG, pictureArticle } from '../../dev/seed/seed-images.ts';
import { findImages } from '../../src/model/images/img-tags.ts';
import sharp from 'sharp';

const SITE = 'http://blog-build.test';
const temps: string[] = [];
const tempDir = (p: string) => {
  const d = testBuildDir(p);
  temps.push(d);
  return d;
};

/** A build of the real content and the store's blog; none of the caller's store settings leak into it. */
function build(outDir: string, env: Record<string, string>) {
  return siteBuild(
    outDir,
    {
      DATABASE_URL: undefined,
      NETLIFY_DB_URL: undefined,
      SKRIBRA_BLOG_OPTIONAL: undefined,
      SKRIBRA_BLOG_PROJECT_ID: undefined,
      SITE_URL: SITE,
      SKRIBRA_CONTENT_DIR: '',
      ...env,
    },
    { quiet: false },
  );
}

async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** The local origin over the build in `distDir` and the store `sql`, listening on a loopback port of its own. */
async function serveOrigin(distDir: string, sql?: Sql) {
  const server = await listen(createLocalOrigin({ distDir, config: readConfig(), sql }).handler, 0, '127.0.0.1');
  const base = `http://127.0.0.1:${server.port}`;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers, redirect: 'manual' });
  return { server, get };
}

const GERMAN = {
  language: 'de',
  author: { name: 'Jana Schmidt', url: 'https://jana.example/' },
  image_url: 'https://images.example/intent.webp',
  image_alt: 'Ein Suchfeld',
  image_width: undefined,
  image_height: undefined,
};

let t: TestStore;
let dist: string;
let unreachable: ReturnType<typeof build>;
let origin: Awaited<ReturnType<typeof serveOrigin>>;
const get = (path: string, headers?: Record<string, string>) => origin.get(path, headers);
/** The body of a 200 answer at `path`. */
async function text(path: string, headers?: Record<string, string>): Promise<string> {
  const res = await get(path, headers);
  const body = await res.text();
  expect(res.status, `${path}: ${body.slice(0, 300)}`).toBe(200);
  return body;
}
/** An attribute's value as the browser reads it (Astro escapes `&` in attributes). */
const attr = (value: string) => value.replaceAll('&#38;', '&').replaceAll('&amp;', '&');

beforeAll(async () => {
  t = await openTestStore();
  await seedDemo(t.store, { config: readConfig() });
  await updateArticleState(t.store.sql, BLOG_PROJECT_ID, 'content-decay', { retired: true });
  // One article in German by a person, with a cover of its own of unknown size (the rest keep the seeded fields).
  await publishArticle(t.store.sql, BLOG_PROJECT_ID, {
    ...toArticle(blogTopics.find((x) => x.slug === 'search-intent')!, SITE, 'Skribra', []),
    ...GERMAN,
  });
  // One with a 1,600 px cover and three pictures in its body, the site's own files, measured (the newest article).
  await publishArticle(t.store.sql, BLOG_PROJECT_ID, await pictureArticle(SITE, SITE));
  // The build whose store refuses runs meanwhile: it spends most of its time waiting for the store (the default
  // SKRIBRA_STORE_WAIT_S), then fails.
  const url = `postgres://x:y@127.0.0.1:${await closedPort()}/x`;
  unreachable = build(tempDir('skribra-blog-fail-'), { DATABASE_URL: url });
  dist = tempDir('skribra-blog-dist-');
  const r = await build(dist, t.env);
  if (r.status !== 0) throw new Error(`build failed:\n${r.stdout}\n${r.stderr}`);
  origin = await serveOrigin(dist, t.store.sql);
}, 300_000); // two builds at once, beside the other test files
afterAll(async () => {
  await origin?.server.close();
  await t?.close();
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

describe('a site with the house blog (12 visible articles, one retired), its pages answered on request', () => {
  test('nothing of the blog is a file of the build', () => {
    for (const path of ['blog/index.html', 'blog/keyword-cannibalization/index.html', 'blog.md', 'blog/rss.xml', 'llms.txt', 'sitemap.xml'])
      expect(existsSync(join(dist, path)), path).toBe(false);
  });

  test('the index pages, with pagination and the feed in the head', async () => {
    const index = await text('/blog/');
    expect(index).toContain(
      '<link rel="alternate" type="application/rss+xml" title="Skribra blog" href="http://blog-build.test/blog/rss.xml">',
    );
    expect(index).toContain('href="/blog/what-is-programmatic-seo/"');
    expect(index).toContain('href="/blog/page/2/"');
    expect(await text('/blog/page/2/')).toContain('Page 2 of 2');
    const past = await get('/blog/page/3/');
    expect(past.status).toBe(404);
    expect(await past.text()).toContain('Page not found');
    expect(index).not.toContain('/blog/content-decay/');
  });

  test('article pages with toc, related articles and JSON-LD in the head, tagged for a purge; the retired one has no page', async () => {
    const res = await get('/blog/keyword-cannibalization/');
    const html = await res.text();
    expect(res.status).toBe(200);
    // The page is purged when it or an article it shows as related changes.
    const tags = res.headers.get('cache-tag')!.split(',');
    expect(tags[0]).toBe('blog/keyword-cannibalization');
    const related = html.slice(html.indexOf('id="related"'));
    const shown = [...related.matchAll(/href="\/blog\/([a-z0-9-]+)\/"/g)].map((m) => `blog/${m[1]}`);
    expect(shown.length).toBeGreaterThan(0);
    expect(tags).toEqual(expect.arrayContaining(shown));
    const head = html.slice(0, html.indexOf('</head>'));
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(head);
    expect(ld).not.toBeNull();
    expect(JSON.parse(ld![1]!)).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Keyword cannibalization and how to consolidate it',
      url: `${SITE}/blog/keyword-cannibalization/`,
    });
    expect(head).toContain('type="application/rss+xml"');
    expect(html).toMatch(/<nav class="toc">.*href="#signals-to-watch"/s);
    expect(html).toContain('Related articles');
    expect(html).toContain('<table>');
    const retired = await get('/blog/content-decay/');
    expect(retired.status).toBe(404);
    expect(retired.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await retired.text()).toContain('Page not found');
  });

  test("article pages: alt and size on the cover, the byline, the lang, and JSON-LD from the article's fields", async () => {
    const html = await text('/blog/keyword-cannibalization/');
    const title = 'Keyword cannibalization and how to consolidate it';
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en"/i);
    expect(html).toContain(
      `<img class="cover" src="/og/blog/keyword-cannibalization.png" width="1200" height="630" alt="Cover card: ${title}"`,
    );
    expect(html).toMatch(/<span class="byline"[^>]*>By <a href="https?:\/\/[^"]+\/" rel="author"[^>]*>Skribra editorial team<\/a><\/span>/);
    expect(jsonLdBlocks(html).flatMap((b) => vocabularyProblems(b))).toEqual([]);
    const [post] = ofType(jsonLdNodes(html), 'BlogPosting');
    expect(post).toMatchObject({
      author: { '@type': 'Organization', name: 'Skribra editorial team' },
      inLanguage: 'en',
      image: {
        '@type': 'ImageObject',
        url: expect.stringMatching(/\/og\/blog\/keyword-cannibalization\.png$/),
        width: 1200,
        height: 630,
        caption: `Cover card: ${title}`,
      },
    });
    // The card the cover names is a file of the build (the build still reads the store for the covers it draws).
    expect((await get('/og/blog/keyword-cannibalization.png')).headers.get('content-type')).toBe('image/png');

    const de = await text('/blog/search-intent/');
    expect(de).toMatch(/^<!DOCTYPE html><html lang="de"/i);
    expect(de).toMatch(
      /<img class="cover" src="https:\/\/images\.example\/intent\.webp" width="1200" height="630" alt="Ein Suchfeld"[^>]*style="aspect-ratio: 1200 \/ 630"/,
    );
    expect(de).toMatch(/By <a href="https:\/\/jana\.example\/" rel="author"[^>]*>Jana Schmidt<\/a>/);
    expect(ofType(jsonLdNodes(de), 'BlogPosting')[0]).toMatchObject({
      author: { '@type': 'Person', name: 'Jana Schmidt', url: 'https://jana.example/' },
      inLanguage: 'de',
      image: { '@type': 'ImageObject', url: 'https://images.example/intent.webp', caption: 'Ein Suchfeld' },
    });
    expect(await text('/blog/')).toMatch(/^<!DOCTYPE html><html lang="en"/i);
  });

  test("an article's own pictures: responsive AVIF and WebP made on request through the image endpoint, sizes, placeholders, the cover first and the body lazy after its first", async () => {
    const html = await text(`/blog/${PICTURE_ARTICLE_SLUG}/`);
    const pictures = [
      ...html.matchAll(/<picture[^>]*><source type="image\/avif" srcset="([^"]+)" sizes="[^"]+"[^>]*>(<img [^>]+>)<\/picture>/g),
    ];
    expect(pictures).toHaveLength(4); // the cover and three figures
    const [cover, ...figures] = pictures.map((m) => ({ avif: m[1]!, img: m[2]! }));
    expect(cover!.img).toMatch(
      /^<img class="cover" src="\/_image\/\?[^"]+" srcset="[^"]+" sizes="[^"]+" width="1600" height="900" alt="[^"]+" fetchpriority="high" style="aspect-ratio: 1600 \/ 900;background-color:#[0-9a-f]{6};background-image:url\(data:image\/png;base64,/,
    );
    expect(cover!.img).not.toContain('loading=');
    expect(findImages(figures.map((f) => f.img).join('')).map(({ width, height }) => [width, height])).toEqual([
      [1200, 800],
      [1200, 800],
      [1200, 800],
    ]);
    expect(figures[0]!.img).not.toContain('loading=');
    for (const f of figures.slice(1)) expect(f.img).toContain(' loading="lazy" decoding="async"');
    for (const f of figures) expect(f.img).toMatch(/ style="background-color:#[0-9a-f]{6};background-image:url\(data:image\/png;base64,/);
    // Every URL of every srcset names the site's own file, the format of its set and the width it claims, never
    // wider than the original.
    const sets = pictures.flatMap((m) => [
      { format: 'avif', set: m[1]! },
      { format: 'webp', set: /srcset="([^"]+)"/.exec(m[2]!)![1]! },
    ]);
    const entries = sets.flatMap(({ format, set }) =>
      set.split(', ').map((e) => {
        const [url, w] = e.split(' ') as [string, string];
        return { format, url: attr(url), w };
      }),
    );
    expect(entries.map(({ w }) => w)).toEqual([
      ...['640w', '960w', '1280w', '1600w', '640w', '960w', '1280w', '1600w'],
      ...Array.from({ length: 6 }, () => ['480w', '800w', '1200w']).flat(),
    ]);
    for (const { format, url, w } of entries) {
      const params = new URL(url, SITE).searchParams;
      expect([new URL(url, SITE).pathname, params.get('f'), params.get('w')], url).toEqual(['/_image/', format, w.slice(0, -1)]);
      expect(params.get('href'), url).toMatch(/^\/demo\/northwind\/[\w-]+\.webp$/);
    }
    // One of each format, made through the origin: bytes that decode to the format and width claimed (sharp names
    // AVIF heif, compressed with AV1), and the WebP's type (the AVIF's: the known bug below).
    for (const { format, url, w } of [entries[0]!, entries[7]!, entries.at(-1)!]) {
      const res = await get(url);
      const body = Buffer.from(await res.arrayBuffer());
      expect(res.status, `${url}: ${body.toString('utf8', 0, 200)}`).toBe(200);
      if (format === 'webp') expect(res.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(body).metadata();
      expect([meta.format, meta.compression ?? format, meta.width], url).toEqual([
        format === 'avif' ? 'heif' : 'webp',
        format === 'avif' ? 'av1' : 'webp',
        Number.parseInt(w, 10),
      ]);
    }
  });

  test('index cards: every image has an alt, a width and a height', async () => {
    const index = await text('/blog/');
    const cards = [...index.matchAll(/<img class="card-image"[^>]*>/g)].map((m) => m[0]);
    expect(cards).toHaveLength(10);
    for (const img of cards) expect(img).toMatch(/ width="\d+" height="\d+" alt="[^"]+"/);
    expect(index).toContain(
      '<img class="card-image" src="/covers/blog/keyword-cannibalization.png" width="600" height="315" alt="Cover card: Keyword cannibalization and how to consolidate it"',
    );
    expect(index).toContain('<img class="card-image" src="https://images.example/intent.webp" width="600" height="315" alt="Ein Suchfeld"');
  });

  test('.md twins carry the same converted markdown as the API, and a page negotiates its twin', async () => {
    const twin = await text('/blog/keyword-cannibalization.md');
    expect(twin.startsWith('# Keyword cannibalization and how to consolidate it\n')).toBe(true);
    expect(twin).toMatch(/\n\nBy \[Skribra editorial team\]\(https?:\/\/[^)]+\/\) · Published \d{4}-\d{2}-\d{2}/);
    expect(twin).toContain('| Signal | Where | Healthy |\n| --- | --- | --- |');
    expect(twin).toContain(`[This page as HTML](${SITE}/blog/keyword-cannibalization/)`);
    const api = await (await get('/api/v1/articles/keyword-cannibalization?format=markdown')).json();
    expect(twin).toContain(api.data.content_markdown.trim());
    expect(await text('/blog.md')).toContain(`(${SITE}/blog/keyword-cannibalization.md)`);
    expect(await text('/blog/page/2.md')).toContain('page 2 of 2');
    const retired = await get('/blog/content-decay.md');
    expect([retired.status, retired.headers.get('content-type')]).toEqual([404, 'text/markdown; charset=utf-8']);
    const negotiated = await get('/blog/keyword-cannibalization/', { accept: 'text/markdown' });
    expect([negotiated.status, negotiated.headers.get('content-type'), negotiated.headers.get('vary')]).toEqual([
      200,
      'text/markdown; charset=utf-8',
      'Accept',
    ]);
    expect(await negotiated.text()).toBe(twin);
  });

  test('the twin body is the converter output of the stored HTML', async () => {
    const [row] = await t.store.sql<
      { content_html: string }[]
    >`select content_html from articles where project_id = ${BLOG_PROJECT_ID} and slug = 'keyword-cannibalization'`;
    expect(await text('/blog/keyword-cannibalization.md')).toContain(htmlToMarkdown(row!.content_html).trim());
  });

  test('sitemap lists the blog with lastmod; llms-full links (not inlines) it; not in pages or search', async () => {
    const sitemap = await text('/sitemap.xml');
    expect(sitemap).toMatch(new RegExp(`<loc>${SITE}/blog/keyword-cannibalization/</loc>\\s*<lastmod>\\d{4}-\\d{2}-\\d{2}`));
    expect(sitemap).toContain(`<loc>${SITE}/blog/</loc>`);
    expect(sitemap).not.toContain('/blog/content-decay/');
    expect(await text('/llms.txt')).toContain(
      `[Keyword cannibalization and how to consolidate it](${SITE}/blog/keyword-cannibalization.md)`,
    );
    const full = await text('/llms-full.txt');
    expect(full).toContain(`[Keyword cannibalization and how to consolidate it](${SITE}/blog/keyword-cannibalization.md)`);
    expect(full).not.toContain('Two pages for one query split your signals. How to find them and merge them with redirects. This article');
    expect(await text('/api/v1/pages')).not.toContain('/blog/');
    expect(readFileSync(join(dist, '_skribra/search-index.json'), 'utf8')).not.toContain('"/blog/');
  });

  test('the RSS feed', async () => {
    const res = await get('/blog/rss.xml');
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const rss = await res.text();
    expect(rss).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(rss.match(/<item>/g)).toHaveLength(12);
    expect(rss).toContain(`<link>${SITE}/blog/what-is-programmatic-seo/</link>`);
    expect(rss).not.toContain('content-decay');
  });
});

// The on-request pages' image variants: named as browsers want them, and made from the build's own files only (the
// generic endpoint fetched a local href from the request's Host, with its cookies).
describe('the image route of on-request pages', () => {
  test('an AVIF variant is answered as image/avif (sharp names the format heif)', async () => {
    const html = await text(`/blog/${PICTURE_ARTICLE_SLUG}/`);
    const url = attr(/<source type="image\/avif" srcset="([^" ]+)/.exec(html)![1]!);
    expect((await get(url)).headers.get('content-type')).toBe('image/avif');
  });

  test("the image endpoint reads the site's own files, never from a host the request's Host header names", async () => {
    // A server on another loopback port stands for a host of the private network.
    const seen: string[] = [];
    const other = createHttpServer((req, res) => {
      seen.push(`${req.url} cookie=${req.headers.cookie}`);
      res.writeHead(200, { 'content-type': 'image/webp' }).end(readFileSync(join(ROOT, 'public/demo/northwind/figure-1-beans.webp')));
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    try {
      const { port } = other.address() as { port: number };
      const status = await new Promise<number | undefined>((done, fail) =>
        httpRequest(
          {
            host: '127.0.0.1',
            port: origin.server.port,
            path: '/_image/?href=%2Fprivate.webp&w=64&h=43&f=webp',
            headers: { host: `127.0.0.1:${port}`, cookie: 'session=secret' },
          },
          (res) => res.resume().on('end', () => done(res.statusCode)),
        )
          .on('error', fail)
          .end(),
      );
      expect({ status, seen }).toEqual({ status: expect.any(Number), seen: [] });
    } finally {
      await new Promise((r) => other.close(r));
    }
  });
});

describe('the store unreachable', () => {
  test('at build: the build fails with a clear message, or builds without the blog when optional, whose origin shows an empty blog', async () => {
    const failed = await unreachable;
    expect(failed.status).not.toBe(0);
    expect(`${failed.stdout}${failed.stderr}`).toContain('The blog is built from the content store, which is unreachable');
    // The optional case is the suite's own build (tests/helpers/global-build.ts: a store address that refuses, and
    // SKRIBRA_BLOG_OPTIONAL=1); builtSite() throws unless that build exited 0. Its origin without a store: no articles.
    const suite = await serveOrigin((await builtSite()).distDir);
    try {
      expect(await (await suite.get('/blog/')).text()).toContain('No articles yet.');
    } finally {
      await suite.server.close();
    }
  }, 300_000);

  test("on request: an uncached blog page answers 502 with the site's error page; the rest of the site 200", async () => {
    const sql = connect(`postgres://x:y@127.0.0.1:${await closedPort()}/x`, 1, readConfig());
    const away = await serveOrigin(dist, sql);
    try {
      const page = await away.get('/blog/keyword-cannibalization/');
      expect([page.status, page.headers.get('content-type'), page.headers.get('cache-control')]).toEqual([
        502,
        'text/html; charset=utf-8',
        'no-store',
      ]);
      expect(await page.text()).toMatch(/<title>Temporarily unavailable<\/title>[\s\S]*<h1[^>]*>Temporarily unavailable<\/h1>/);
      const twin = await away.get('/blog/keyword-cannibalization.md');
      expect([twin.status, await twin.text()]).toEqual([502, '# Temporarily unavailable\n']);
      expect((await away.get('/glossary/')).status).toBe(200);
    } finally {
      await away.server.close();
      await sql.end({ timeout: 0 });
    }
  });

  test("the store stopped under npm start's cache: kept pages 200, an uncached article 502, nothing purged", async () => {
    // The store behind a relay this test cuts; the origin with the tag cache and its follower, as npm start runs them.
    const relay = await storeRelay(t.url, (client, server) => {
      client.pipe(server);
      server.pipe(client);
    });
    const sql = connect(relay.url, 2, readConfig());
    const cache = createTagCache();
    const lines: string[] = [];
    // The follower's first read empties the cache (what was kept before it may predate a change): counted here.
    let cleared = 0;
    const followed = {
      purge: (tags: readonly string[]) => cache.purge(tags),
      clear: () => {
        cleared++;
        cache.clear();
      },
    };
    const follower = followBlogChanges(sql, { config: readConfig(), cache: followed, intervalMs: 50, log: (l) => lines.push(l) });
    const origin = await listen(createLocalOrigin({ distDir: dist, config: readConfig(), sql, blogCache: cache }).handler, 0, '127.0.0.1');
    const at = (path: string) => fetch(`http://127.0.0.1:${origin.port}${path}`);
    try {
      while (cleared === 0) await new Promise((r) => setTimeout(r, 20));
      const kept = ['/blog/', '/blog/keyword-cannibalization/', '/blog/rss.xml', '/llms.txt'];
      const before = await Promise.all(kept.map(async (p) => (await at(p)).headers.get('etag')));
      const size = cache.size;
      expect(size).toBe(kept.length);
      relay.close();
      await new Promise((r) => setTimeout(r, 500)); // ten of the follower's reads fail meanwhile
      for (const [i, p] of kept.entries()) {
        const res = await at(p);
        expect([p, res.status, res.headers.get('etag')]).toEqual([p, 200, before[i]]);
      }
      const uncached = await at('/blog/search-intent/');
      expect([uncached.status, uncached.headers.get('content-type')]).toEqual([502, 'text/html; charset=utf-8']);
      expect(cache.size).toBeGreaterThanOrEqual(size);
      expect(cleared).toBe(1);
      expect(lines.join('\n')).not.toMatch(/dropped/);
    } finally {
      await follower.stop();
      await origin.close();
      await sql.end({ timeout: 0 });
    }
  });

  test('the Netlify function answers the blog 502 and the rest 200', async () => {
    process.env.DATABASE_URL = `postgres://x:y@127.0.0.1:${await closedPort()}/x`;
    process.env.SKRIBRA_DIST_DIR = dist;
    try {
      const { default: fn } = await import('../../functions/public-api.mts');
      const articles = await fn(new Request(`${SITE}/_fn/public/api/v1/articles?page=1`));
      expect(articles.status).toBe(502);
      expect(await articles.json()).toMatchObject({ code: 'upstream_unavailable' });
      const glossary = await fn(new Request(`${SITE}/_fn/public/api/v1/glossary?limit=1`));
      expect(glossary.status).toBe(200);
    } finally {
      delete process.env.DATABASE_URL;
      delete process.env.SKRIBRA_DIST_DIR;
    }
  });
});
