import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, watchErrors } from '../../dev/chromium.ts';
import type { Catalog } from '../../src/model/catalog/catalog.ts';
import { builtCatalog } from '../helpers/built-catalog.ts';

const { siteUrl, otherUrl, apiKey, distDir } = inject('e2e');
const catalog = builtCatalog(distDir) as Catalog;
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const blogIndex = await (await fetch(`${siteUrl}/blog/`)).text();

/** One page of every template: each kind's first page, the section indexes, search, and the blog. */
function templatePaths(): string[] {
  const firstOf = (kind: string) => catalog.pages.find((p) => p.kind === kind)?.path;
  const paths = [
    '/',
    '/glossary/',
    '/tools/',
    '/agents/',
    '/features/',
    '/compare/',
    '/pricing/',
    '/search/?q=seo',
    ...['glossary', 'glossary-category', 'agent', 'feature', 'comparison', 'doc', 'audience', 'page', 'resource'].map(firstOf),
    ...catalog.tools.map((t) => new URL(t.url).pathname),
  ];
  // The blog is answered on request from the seeded store: its index, and the first article it lists.
  paths.push('/blog/', /href="(\/blog\/(?!page\/|rss)[^"/]+\/)"/.exec(blogIndex)![1]!);
  return [...new Set(paths.filter((p): p is string => !!p))];
}

describe('every page template', () => {
  it.each(templatePaths())('%s loads with no console errors', async (path) => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const res = await page.goto(`${siteUrl}${path}`, { waitUntil: 'networkidle' });
    expect(res?.status()).toBe(200);
    expect(await page.locator('h1').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the 404 page answers 404 with only the 404 itself in the console', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const res = await page.goto(`${siteUrl}/no-such-page/`);
    expect(res?.status()).toBe(404);
    expect(errors.filter((e) => !e.includes('404 (Not Found)'))).toEqual([]);
    await page.close();
  });
});

describe('site search', () => {
  it('finds a glossary term from the header search box', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${siteUrl}/`);
    await page.getByRole('combobox', { name: 'Search the site' }).fill('canonical');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\/\?q=canonical$/);
    const hit = page.locator('#search-results a', { hasText: 'Canonical URL' }).first();
    await hit.waitFor();
    // A full-text hit links to the section that matched (its heading's fragment), or to the page.
    expect(await hit.getAttribute('href')).toMatch(/\/glossary\/canonical-url\/(#[\w-]+)?$/);
    await hit.click();
    await page.waitForURL(/\/glossary\/canonical-url\/(#[\w-]+)?$/);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('keyboard', () => {
  it('skips to the content, reaches the main navigation and follows a link with Enter', async () => {
    const page = await browser.newPage();
    await page.goto(`${siteUrl}/`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    expect(
      await page
        .locator('.skip')
        .boundingBox()
        .then((b) => b!.x >= 0),
    ).toBe(true); // visible once focused
    await page.keyboard.press('Enter');
    expect(new URL(page.url()).hash).toBe('#main');
    await page.goto(`${siteUrl}/`);
    let label = '';
    for (let i = 0; i < 15 && label !== 'Glossary'; i++) {
      await page.keyboard.press('Tab');
      label = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    }
    expect(label).toBe('Glossary');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${siteUrl}/glossary/`);
    await page.close();
  });

  it('a tool works from the keyboard alone', async () => {
    const page = await browser.newPage();
    await page.goto(`${siteUrl}/tools/slug-generator/`);
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.id === 'sg-title')) break;
    }
    await page.keyboard.type('The Best Guide');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // the stop-word checkbox
    expect(await page.locator('[data-part="slug"]').innerText()).toBe('best-guide');
    await page.close();
  });
});

describe('CORS from another origin in the browser', () => {
  it('the public API answers a page of another origin', async () => {
    const page = await browser.newPage();
    await page.goto(`${otherUrl}/`);
    const result = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { status: res.status, items: (await res.json()).data.items.length as number };
    }, `${siteUrl}/api/v1/pages`);
    expect(result.status).toBe(200);
    expect(result.items).toBeGreaterThan(0);
    await page.close();
  });

  it('the keyed API cannot be read from a page, key or not', async () => {
    // The key is valid: outside a browser the same call succeeds.
    const direct = await fetch(`${siteUrl}/v1/projects`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(direct.status).toBe(200);
    expect(direct.headers.get('access-control-allow-origin')).toBeNull();
    const page = await browser.newPage();
    await page.goto(`${otherUrl}/`);
    const outcome = await page.evaluate(
      async ([url, key]) => {
        try {
          await fetch(url!, { headers: { authorization: `Bearer ${key}` } });
          return 'read';
        } catch {
          return 'blocked';
        }
      },
      [`${siteUrl}/v1/projects`, apiKey],
    );
    expect(outcome).toBe('blocked');
    await page.close();
  });
});
