// The blog in a real site build: pages, twins, sitemap, llms files and feed from a seeded store; a build whose
// store is unreachable fails unless SKRIBRA_BLOG_OPTIONAL=1; the Netlify function's blog over a closed port.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestStore, type TestStore } from '../content/helpers.ts';
import { seedDemo, BLOG_PROJECT_ID } from '../../src/store/seed.ts';
import { readConfig } from '../../src/config.ts';
import { blogTopics, toArticle } from '../../src/store/seed-content.ts';
import { publishArticle, updateArticleState } from '../../src/store/repos/articles.ts';
import { htmlToMarkdown } from '../../src/blog/html-to-markdown.ts';
import { vocabularyProblems } from '../site/schema-vocabulary.ts';
import { jsonLdBlocks, ofType, jsonLdNodes } from '../site/html-pages.ts';
import { siteBuild, testBuildDir } from '../helpers/test-builds.ts';
import { builtSite } from '../helpers/built-site.ts';
import { PICTURE_ARTICLE_SLUG, pictureArticle } from '../../src/store/seed-images.ts';
import { findImages } from '../../src/images/img-tags.ts';
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
const file = (p: string) => readFileSync(join(dist, p), 'utf8');

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
}, 300_000); // two builds at once, beside the other test files
afterAll(async () => {
  await t?.close();
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

describe('a build with the house blog (12 visible articles, one retired)', () => {
  test('the index pages, with pagination and the feed in the head', () => {
    const index = file('blog/index.html');
    expect(index).toContain(
      '<link rel="alternate" type="application/rss+xml" title="Skribra blog" href="http://blog-build.test/blog/rss.xml">',
    );
    expect(index).toContain('href="/blog/what-is-programmatic-seo/"');
    expect(index).toContain('href="/blog/page/2/"');
    expect(file('blog/page/2/index.html')).toContain('Page 2 of 2');
    expect(existsSync(join(dist, 'blog/page/3/index.html'))).toBe(false);
    expect(index).not.toContain('/blog/content-decay/');
  });

  test('article pages with toc, related articles and JSON-LD in the head; the retired one has no page', () => {
    const html = file('blog/keyword-cannibalization/index.html');
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
    expect(existsSync(join(dist, 'blog/content-decay/index.html'))).toBe(false);
  });

  test("article pages: alt and size on the cover, the byline, the lang, and JSON-LD from the article's fields", () => {
    const html = file('blog/keyword-cannibalization/index.html');
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

    const de = file('blog/search-intent/index.html');
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
    expect(file('blog/index.html')).toMatch(/^<!DOCTYPE html><html lang="en"/i);
  });

  test("an article's own pictures: responsive AVIF and WebP made at build, sizes, placeholders, the cover first and the body lazy after its first", async () => {
    const html = file(`blog/${PICTURE_ARTICLE_SLUG}/index.html`);
    const pictures = [
      ...html.matchAll(/<picture[^>]*><source type="image\/avif" srcset="([^"]+)" sizes="[^"]+"[^>]*>(<img [^>]+>)<\/picture>/g),
    ];
    expect(pictures).toHaveLength(4); // the cover and three figures
    const [cover, ...figures] = pictures.map((m) => ({ avif: m[1]!, img: m[2]! }));
    expect(cover!.img).toMatch(
      /^<img class="cover" src="\/demo\/northwind\/[\w-]+\.webp" srcset="[^"]+" sizes="[^"]+" width="1600" height="900" alt="[^"]+" fetchpriority="high" style="aspect-ratio: 1600 \/ 900;background-color:#[0-9a-f]{6};background-image:url\(data:image\/png;base64,/,
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
    // Every file of every srcset was made: the format and the width it claims, never wider than the original.
    const sets = pictures.flatMap((m) => [m[1]!, /srcset="([^"]+)"/.exec(m[2]!)![1]!]);
    const entries = sets.flatMap((set) => set.split(', ').map((e) => e.split(' ') as [string, string]));
    expect(entries.map(([, w]) => w)).toEqual([
      ...['640w', '960w', '1280w', '1600w', '640w', '960w', '1280w', '1600w'],
      ...Array.from({ length: 6 }, () => ['480w', '800w', '1200w']).flat(),
    ]);
    for (const [path, w] of entries) {
      const meta = await sharp(readFileSync(join(dist, path))).metadata();
      expect([meta.format, meta.width], path).toEqual([path.endsWith('.avif') ? 'heif' : 'webp', Number.parseInt(w, 10)]);
    }
  });

  test('index cards: every image has an alt, a width and a height', () => {
    const index = file('blog/index.html');
    const cards = [...index.matchAll(/<img class="card-image"[^>]*>/g)].map((m) => m[0]);
    expect(cards).toHaveLength(10);
    for (const img of cards) expect(img).toMatch(/ width="\d+" height="\d+" alt="[^"]+"/);
    expect(index).toContain(
      '<img class="card-image" src="/covers/blog/keyword-cannibalization.png" width="600" height="315" alt="Cover card: Keyword cannibalization and how to consolidate it"',
    );
    expect(index).toContain('<img class="card-image" src="https://images.example/intent.webp" width="600" height="315" alt="Ein Suchfeld"');
  });

  test('.md twins carry the same converted markdown as the API', () => {
    const twin = file('blog/keyword-cannibalization.md');
    expect(twin.startsWith('# Keyword cannibalization and how to consolidate it\n')).toBe(true);
    expect(twin).toMatch(/\n\nBy \[Skribra editorial team\]\(https?:\/\/[^)]+\/\) · Published \d{4}-\d{2}-\d{2}/);
    expect(twin).toContain('| Signal | Where | Healthy |\n| --- | --- | --- |');
    expect(twin).toContain(`[This page as HTML](${SITE}/blog/keyword-cannibalization/)`);
    expect(file('blog.md')).toContain(`(${SITE}/blog/keyword-cannibalization.md)`);
    expect(existsSync(join(dist, 'blog/page/2.md'))).toBe(true);
    expect(existsSync(join(dist, 'blog/content-decay.md'))).toBe(false);
    expect(JSON.parse(file('_skribra/markdown-paths.json'))).toEqual(
      expect.arrayContaining(['/blog.md', '/blog/keyword-cannibalization.md']),
    );
  });

  test('sitemap lists the blog with lastmod; llms-full links (not inlines) it; not in pages or search', () => {
    const sitemap = file('sitemap.xml');
    expect(sitemap).toMatch(new RegExp(`<loc>${SITE}/blog/keyword-cannibalization/</loc>\\s*<lastmod>\\d{4}-\\d{2}-\\d{2}`));
    expect(sitemap).toContain(`<loc>${SITE}/blog/</loc>`);
    expect(sitemap).not.toContain('/blog/content-decay/');
    const full = file('llms-full.txt');
    expect(full).toContain(`[Keyword cannibalization and how to consolidate it](${SITE}/blog/keyword-cannibalization.md)`);
    expect(full).not.toContain('Two pages for one query split your signals. How to find them and merge them with redirects. This article');
    const pages = file('api/v1/pages.json');
    expect(pages).not.toContain('/blog/');
    expect(file('_skribra/search-index.json')).not.toContain('"/blog/');
  });

  test('the RSS feed', () => {
    const rss = file('blog/rss.xml');
    expect(rss).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(rss.match(/<item>/g)).toHaveLength(12);
    expect(rss).toContain(`<link>${SITE}/blog/what-is-programmatic-seo/</link>`);
    expect(rss).not.toContain('content-decay');
  });
});

describe('the store unreachable', () => {
  test('at build: the build fails with a clear message, or builds without the blog when optional', async () => {
    const failed = await unreachable;
    expect(failed.status).not.toBe(0);
    expect(`${failed.stdout}${failed.stderr}`).toContain('The blog is built from the content store, which is unreachable');
    // The optional case is the suite's own build (tests/helpers/global-build.ts: a store address that refuses, and
    // SKRIBRA_BLOG_OPTIONAL=1); builtSite() throws unless that build exited 0.
    const { distDir } = await builtSite();
    expect(readFileSync(join(distDir, 'blog/index.html'), 'utf8')).toContain('No articles yet.');
  }, 300_000);

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

test('the twin body is the converter output of the stored HTML', async () => {
  const [row] = await t.store.sql<
    { content_html: string }[]
  >`select content_html from articles where project_id = ${BLOG_PROJECT_ID} and slug = 'keyword-cannibalization'`;
  expect(file('blog/keyword-cannibalization.md')).toContain(htmlToMarkdown(row!.content_html).trim());
});
