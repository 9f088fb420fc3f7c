// The site on a 390 px phone screen: no page wider than the screen, the header folds behind a working Menu button,
// docs tables and code scroll inside their boxes; and the blog's pages (answered on request from the seeded store)
// carry the same JSON-LD and Open Graph image guarantees as the rest of the site.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from '../../dev/chromium.ts';
import { vocabularyProblems } from '../site/schema-vocabulary.ts';
import { jsonLdBlocks, jsonLdNodes, meta, ofType } from '../site/html-pages.ts';
import { builtCatalog } from '../helpers/built-catalog.ts';

const { siteUrl, distDir } = inject('e2e');
const catalog = builtCatalog(distDir);
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A page or image as the site's origin answers it (the blog's come from the store on request). */
const fetched = async (path: string) => {
  const res = await fetch(new URL(path, siteUrl));
  expect(res.status, path).toBe(200);
  return res;
};
const blogIndex = await (await fetched('/blog/')).text();
const article = /href="(\/blog\/(?!page\/|rss)[^"/]+\/)"/.exec(blogIndex)![1]!;
const firstOf = (kind: string) => catalog.pages.find((p) => p.kind === kind)!.path;
const paths = [
  '/',
  '/glossary/',
  '/pricing/',
  '/search/?q=seo',
  '/blog/',
  article,
  '/docs/public-api/',
  '/docs/content-api/',
  '/docs/reference/public-api/',
  ...['glossary', 'glossary-category', 'agent', 'feature', 'comparison', 'audience', 'page', 'resource'].map(firstOf),
  ...catalog.tools.map((t) => new URL(t.url).pathname),
];

describe('at 390 px', () => {
  it.each(paths)('%s is no wider than the screen', async (path) => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${siteUrl}${path}`, { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });

  it('the header folds behind a Menu button that opens and closes the links', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${siteUrl}/`);
    const menu = page.getByRole('button', { name: 'Menu' });
    const glossary = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Glossary' });
    expect(await glossary.isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await glossary.isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Start free trial' }).first().isVisible()).toBe(true);
    await glossary.click();
    await page.waitForURL(`${siteUrl}/glossary/`);
    await page.close();
  });

  it('docs tables and code scroll inside their own focusable boxes', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${siteUrl}/docs/content-api/`);
    const boxes = await page.locator('.table-wrap, .code-block pre').evaluateAll((els) =>
      els.map((e) => ({
        scrolls: e.scrollWidth > e.clientWidth,
        tabindex: e.getAttribute('tabindex'),
        overflow: getComputedStyle(e).overflowX,
      })),
    );
    expect(boxes.length).toBeGreaterThan(5);
    expect(boxes.some((b) => b.scrolls)).toBe(true); // the error table is wider than a phone
    for (const b of boxes) expect(b).toMatchObject({ tabindex: '0', overflow: 'auto' });
    await page.close();
  });
});

describe('the blog pages', () => {
  it.each(['/blog/', article])('%s: one valid JSON-LD graph, a breadcrumb, and its own Open Graph image', async (path) => {
    const html = await (await fetched(path)).text();
    expect(jsonLdBlocks(html).flatMap((b) => vocabularyProblems(b))).toEqual([]);
    expect(ofType(jsonLdNodes(html), 'BreadcrumbList')).toHaveLength(1);
    const image = meta(html, 'og:image')!;
    // The index's is named by its content (the build writes it); an article's is drawn on request at its own path.
    expect(image).toMatch(
      path === '/blog/' ? new RegExp(`^${siteUrl}/og-image/[0-9a-f]{16}\\.png$`) : `${siteUrl}/og${path.slice(0, -1)}.png`,
    );
    if (path === '/blog/') expect(existsSync(join(distDir, new URL(image).pathname))).toBe(true);
    expect((await fetched(new URL(image).pathname)).headers.get('content-type')).toBe('image/png');
  });

  it('an article shows its cover, and the index a cover per card', async () => {
    const html = await (await fetched(article)).text();
    expect(html).toContain(`<img class="cover" src="/og${article.slice(0, -1)}.png" width="1200" height="630"`);
    // The stored article names its cover on the site it was seeded for (SKRIBRA_SITE_URL, skribra.com by default).
    // With its size known it is an ImageObject.
    const image = ofType(jsonLdNodes(html), 'BlogPosting')[0]!.image as { '@type': string; url: string; width: number; height: number };
    expect(image).toMatchObject({ '@type': 'ImageObject', width: 1200, height: 630 });
    expect(image.url.endsWith(`/og${article.slice(0, -1)}.png`)).toBe(true);
    // Cards show 600 × 315 covers; the first (in view on arrival) loads at once, the others lazily.
    const cards = [...blogIndex.matchAll(/<img class="card-image" src="([^"]+)" width="600" height="315"[^>]*loading="(eager|lazy)"/g)];
    expect(cards.length).toBe(10);
    expect(cards.map((c) => c[2])).toEqual(['eager', ...Array(9).fill('lazy')]);
    for (const [, src] of cards) {
      const png = Buffer.from(await (await fetched(src!)).arrayBuffer());
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], src).toEqual([600, 315]);
    }
  });
});
