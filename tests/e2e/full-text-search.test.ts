// Full-text search on the site (issue 37): the search page and the header box search the words of every page through
// the build's Pagefind index, with a kind filter and the matched words marked in each excerpt; without the index the
// page asks /api/v1/search (titles and descriptions), and without JavaScript a plain form asks it.
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, watchErrors } from '../../dev/chromium.ts';

const { siteUrl } = inject('e2e');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Shown {
  status: string;
  hits: { href: string; path: string; title: string; excerpt: string; kind: string; marks: string[]; glued: number }[];
}
/** The status line and the first ten results once they are shown. */
async function results(page: Page): Promise<Shown> {
  await page.locator('#search-results li').first().waitFor();
  return page.evaluate(() => ({
    status: document.getElementById('search-status')!.textContent ?? '',
    hits: [...document.querySelectorAll('#search-results li')].slice(0, 10).map((li) => ({
      href: li.querySelector('a')!.getAttribute('href')!,
      path: li.querySelector('a')!.dataset.path!,
      title: li.querySelector('a')!.textContent ?? '',
      excerpt: li.querySelector('p:not(.meta)')?.innerHTML ?? '',
      kind: li.querySelector('.meta')!.textContent ?? '',
      marks: [...li.querySelectorAll('mark')].map((m) => m.textContent ?? ''),
      // Marks whose neighbouring text runs into them (a lost space): "webhookand".
      glued: [...li.querySelectorAll('mark')].filter(
        (m) => /^[A-Za-z]/.test(m.nextSibling?.textContent ?? '') || /[A-Za-z]$/.test(m.previousSibling?.textContent ?? ''),
      ).length,
    })),
  }));
}

describe('the search page', () => {
  it.each([
    ['webhook signature', '/docs/webhooks/'],
    ['decay', '/blog/content-decay/'],
    ['rel=canonical redirects', '/glossary/canonical-url/'],
  ])('“%s” finds %s in the first ten, its matched words marked', async (q, path) => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    let indexBytes = 0;
    page.on('response', (res) => {
      if (new URL(res.url()).pathname.startsWith('/pagefind/'))
        void res
          .body()
          .then((b) => (indexBytes += b.length))
          .catch(() => {});
    });
    await page.goto(`${siteUrl}/search/?q=${encodeURIComponent(q)}`);
    const { hits } = await results(page);
    const hit = hits.find((h) => h.path === path);
    expect(hit, JSON.stringify(hits)).toBeDefined();
    expect(hit!.marks.length).toBeGreaterThan(0);
    expect(hit!.glued).toBe(0);
    await page.waitForLoadState('networkidle');
    // The runtime, its WebAssembly and the chunks this query needed: far from the whole index.
    expect(indexBytes).toBeGreaterThan(0);
    expect(indexBytes).toBeLessThan(300 * 1024);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('“webhook signature” shows the passage that matched, marked, and its link lands on that section’s heading', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${siteUrl}/search/?q=${encodeURIComponent('webhook signature')}`);
    const { hits } = await results(page);
    const hit = hits.find((h) => h.path === '/docs/webhooks/')!;
    expect(hit, JSON.stringify(hits)).toBeDefined();
    // The section's link: the page's address and a heading's id; the title names the section.
    const fragment = /^\/docs\/webhooks\/#([\w-]+)$/.exec(hit.href)?.[1];
    expect(fragment, hit.href).toBeDefined();
    expect(hit.title).toMatch(/ › \S/);
    // The passage, not the page's first words: its marks are the words searched, and only <mark> is markup in it.
    expect(
      hit.marks.map((m) => m.toLowerCase()).some((m) => /signature/.test(m)),
      JSON.stringify(hit),
    ).toBe(true);
    expect(hit.excerpt.replace(/<\/?mark>/g, '')).not.toMatch(/</);
    expect(hit.excerpt).not.toContain('The publish webhook pushes articles');
    await Promise.all([page.waitForURL(`${siteUrl}/docs/webhooks/#${fragment}`), page.click(`#search-results a[href="${hit.href}"]`)]);
    const heading = await page.evaluate((id) => {
      const el = document.getElementById(id);
      return el ? { tag: el.tagName, text: el.textContent ?? '', top: el.getBoundingClientRect().top } : null;
    }, fragment!);
    expect(heading, fragment).not.toBeNull();
    expect(heading!.tag).toMatch(/^H[2-6]$/);
    expect(hit.title).toContain(heading!.text.trim());
    // The browser scrolled to it.
    expect(Math.abs(heading!.top)).toBeLessThan(200);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the kind filter narrows the results, and stays in the address', async () => {
    const page = await browser.newPage();
    await page.goto(`${siteUrl}/search/?q=decay`);
    const all = await results(page);
    expect(new Set(all.hits.map((h) => h.kind)).size).toBeGreaterThan(1);
    await page.getByLabel('Kind of page').selectOption('Glossary');
    await page.waitForURL(/kind=Glossary/);
    await page.waitForFunction(() => [...document.querySelectorAll('#search-results .meta')].every((m) => m.textContent === 'Glossary'));
    const glossary = await results(page);
    expect(glossary.hits.map((h) => h.path)).toContain('/glossary/content-decay/');
    expect(glossary.hits.every((h) => h.kind === 'Glossary')).toBe(true);
    await page.close();
  });

  it('the header box searches the words of every page', async () => {
    const page = await browser.newPage();
    await page.goto(`${siteUrl}/pricing/`);
    await page.getByRole('combobox', { name: 'Search the site' }).fill('webhook signature');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\/\?q=webhook\+signature$/);
    expect((await results(page)).hits.map((h) => h.path)).toContain('/docs/webhooks/');
    await page.close();
  });

  it('without the index, asks /api/v1/search: titles and descriptions', async () => {
    const page = await browser.newPage();
    await page.route('**/pagefind/**', (route) => route.abort());
    await page.goto(`${siteUrl}/search/?q=canonical`);
    const { hits } = await results(page);
    expect(hits.map((h) => h.path)).toContain('/glossary/canonical-url/');
    expect(hits.every((h) => h.marks.length === 0)).toBe(true);
    await page.close();
  });

  it('without JavaScript, a plain form asks /api/v1/search', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${siteUrl}/search/`);
    await page.getByLabel('Search titles and descriptions').fill('canonical');
    const [answer] = await Promise.all([page.waitForResponse(/\/api\/v1\/search\?q=canonical/), page.keyboard.press('Enter')]);
    expect(answer.status()).toBe(200);
    const { data } = (await answer.json()) as { data: { items: { path: string }[] } };
    expect(data.items.map((i) => i.path)).toContain('/glossary/canonical-url/');
    await context.close();
  });
});
