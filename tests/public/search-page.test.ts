import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch } from '../../dev/chromium.ts';
import { builtSite } from '../helpers/built-site.ts';
import { createLocalOrigin } from '../../origin/local-origin.ts';
import { readConfig } from '../../src/model/config.ts';
import { loadPublicApi } from '../../src/request/api/public/load-public-api.ts';
import { listen } from '../../origin/serve.ts';

// The site's search page in a real browser, on its fallback: without the full-text index (here its requests fail, as
// when it cannot load) it asks /api/v1/search (never downloading the whole index), results follow the keystrokes
// without a reload, typing is debounced, the count is announced, and the API agrees. The full-text path is
// tests/e2e/full-text-search.test.ts.

let browser: Browser;
let server: { port: number; close: () => Promise<void> };
let api: (req: Request) => Promise<Response>;
beforeAll(async () => {
  const { distDir } = await builtSite();
  api = loadPublicApi(distDir).handler;
  server = await listen(createLocalOrigin({ distDir, config: readConfig() }).handler, 0, '127.0.0.1');
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(
  path: string,
): Promise<{ page: Page; errors: string[]; indexLoads: () => number; apiCalls: () => number; documentLoads: () => number }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  let loads = 0;
  let calls = 0;
  let documents = 0;
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    // The index's refused requests are this test's doing; anything else is the page's.
    if (m.type() === 'error' && !m.location().url.includes('/pagefind/')) errors.push(m.text());
  });
  page.on('request', (r) => {
    if (r.url().includes('/_skribra/search-index.json')) loads++;
  });
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/v1/search') calls++;
  });
  // A reload or form submission fetches the document again; history.replaceState does not.
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents++;
  });
  await page.route('**/pagefind/**', (route) => route.abort());
  await page.goto(`http://127.0.0.1:${server.port}${path}`);
  return { page, errors, indexLoads: () => loads, apiCalls: () => calls, documentLoads: () => documents };
}

describe('the search page', () => {
  it('answers ?q= from the header form, then updates as you type, with no reload, from the API, debounced', async () => {
    const { page, errors, indexLoads, apiCalls, documentLoads } = await open('/search/?q=crawl');
    const status = page.locator('#search-status');
    await expect.poll(() => status.innerText()).toMatch(/^\d+ pages? match(es)? “crawl”/);
    expect(await page.locator('#search-results li').count()).toBeGreaterThan(0);
    await expect.poll(() => page.inputValue('#search-q')).toBe('crawl');

    const input = page.getByLabel('Search terms');
    await input.fill('');
    const before = apiCalls();
    await input.pressSequentially('crawl budg');
    await expect.poll(() => status.innerText()).toMatch(/“crawl budg”/);
    const titles = await page.locator('#search-results li a').allInnerTexts();
    const apiItems = (await (await api(new Request('http://x/api/v1/search?q=crawl%20budg&limit=50'))).json()).data.items;
    expect(titles).toEqual(apiItems.map((i: { title: string }) => i.title));
    expect(new URL(page.url()).searchParams.get('q')).toBe('crawl budg');
    expect(apiCalls() - before).toBeGreaterThan(0);
    expect(apiCalls() - before).toBeLessThan('crawl budg'.length); // one request per pause, not per keystroke

    await input.fill('zzqx');
    await expect.poll(() => status.innerText()).toBe('No pages match “zzqx”.');
    expect(await page.locator('#search-results li').count()).toBe(0);
    await input.fill('c');
    await expect.poll(() => status.innerText()).toBe('Type at least 2 characters.');

    await input.press('Enter');
    await expect.poll(() => status.innerText()).toBe('Type at least 2 characters.');
    expect(documentLoads()).toBe(1);
    expect(indexLoads()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('is accessible: a labelled box, a polite live region, results reachable from the keyboard', async () => {
    const { page } = await open('/search/?q=seo');
    expect(await page.getByRole('searchbox', { name: 'Search terms' }).count()).toBe(1);
    const status = page.locator('#search-status');
    expect(await status.getAttribute('role')).toBe('status');
    expect(await status.getAttribute('aria-live')).toBe('polite');
    await expect.poll(() => page.locator('#search-results li').count()).toBeGreaterThan(0);
    await page.focus('#search-q');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.closest('#search-results') !== null)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/search/'));
    await page.close();
  });

  it('shows text, never markup, from the query', async () => {
    const { page, errors } = await open(`/search/?q=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
    await expect.poll(() => page.locator('#search-status').innerText()).toContain('<img src=x onerror=alert(1)>');
    expect(await page.locator('main img').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('tells readers without JavaScript where to go instead', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${server.port}/search/?q=seo`);
    expect(await page.locator('main').innerText()).toMatch(/needs JavaScript/);
    await context.close();
  });
});
