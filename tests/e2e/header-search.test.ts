// The header's search box (issue 37): typing shows the top full-text matches under the box (title, kind, an excerpt
// with the matched words marked) as an ARIA combobox with a listbox; arrows choose, Enter opens, Escape closes, a
// click opens. The index loads on the box's first focus, not with the page; the list moves nothing on the page; it
// runs under the page's Content-Security-Policy with no error; axe finds nothing with the list open; and without
// JavaScript the box still submits to /search/.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, watchErrors } from '../../dev/chromium.ts';

const { siteUrl } = inject('e2e');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const box = (page: Page) => page.getByRole('combobox', { name: 'Search the site' });

interface Listed {
  expanded: string | null;
  options: {
    id: string;
    href: string;
    path: string;
    title: string;
    section: string;
    kind: string;
    marks: string[];
    selected: string | null;
  }[];
}
/** The box's state and its listed options, once `path` is among them. */
async function listedWith(page: Page, path: string): Promise<Listed> {
  await page.waitForFunction((p) => document.querySelector(`#site-search-list [data-path="${p}"]`) !== null, path);
  return page.evaluate(() => ({
    expanded: document.getElementById('site-search')!.getAttribute('aria-expanded'),
    options: [...document.querySelectorAll<HTMLElement>('#site-search-list [role="option"]')].map((o) => ({
      id: o.id,
      href: o.dataset.href ?? '',
      path: o.dataset.path ?? '',
      section: o.querySelector('.site-search-section')?.textContent ?? '',
      title: o.querySelector('.site-search-title')?.textContent ?? '',
      kind: o.querySelector('.site-search-kind')?.textContent ?? '',
      marks: [...o.querySelectorAll('mark')].map((m) => m.textContent ?? ''),
      selected: o.getAttribute('aria-selected'),
    })),
  }));
}

describe('the header search box', () => {
  it('lists the top matches as you type, loading the index on first focus; arrows and Enter open one', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    const index: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/pagefind/')) index.push(new URL(r.url()).pathname);
    });
    const res = await page.goto(`${siteUrl}/pricing/`, { waitUntil: 'networkidle' });
    expect(res!.headers()['content-security-policy']).toMatch(/script-src 'self'/);
    expect(index).toEqual([]);
    expect(await page.getByRole('combobox', { name: 'Search the site' }).getAttribute('aria-expanded')).toBe('false');

    const mainTop = () => page.evaluate(() => document.querySelector('main')!.getBoundingClientRect().top);
    const before = await mainTop();
    await box(page).focus();
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/pagefind/pagefind.js')));
    expect(index).toContain('/pagefind/pagefind.js');

    await page.keyboard.type('webhook signature');
    const listed = await listedWith(page, '/docs/webhooks/');
    expect(listed.expanded).toBe('true');
    expect(await box(page).getAttribute('aria-controls')).toBe('site-search-list');
    const hit = listed.options.find((o) => o.path === '/docs/webhooks/')!;
    expect(hit.kind).toBe('Docs');
    // The option opens the section that matched, and names it.
    expect(hit.href).toMatch(/^\/docs\/webhooks\/#[\w-]+$/);
    expect(hit.section.length).toBeGreaterThan(0);
    expect(hit.title.length).toBeGreaterThan(0);
    expect(hit.marks.length).toBeGreaterThan(0);
    expect(hit.marks.join(' ').toLowerCase()).toMatch(/webhook|signature/);
    // At most six matches, then "All N results" for the search page.
    expect(listed.options.length).toBeLessThanOrEqual(7);
    expect(listed.options.at(-1)!.href).toBe('/search/?q=webhook+signature');
    await expect(page.locator('.site-search-panel').isVisible()).resolves.toBe(true);
    // The list hangs over the page: nothing below the header moved.
    expect(await mainTop()).toBe(before);
    expect(await page.locator('form.site-search [role="status"]').textContent()).toMatch(/pages? match/);

    // Down to the webhooks page: the focus stays in the box, which names the chosen option.
    const at = listed.options.findIndex((o) => o.path === '/docs/webhooks/');
    for (let i = 0; i <= at; i++) await page.keyboard.press('ArrowDown');
    expect(await box(page).getAttribute('aria-activedescendant')).toBe(hit.id);
    expect(await page.locator(`#${hit.id}`).getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-search');
    await Promise.all([page.waitForURL(new RegExp(`^${siteUrl}/docs/webhooks/(#[\\w-]+)?$`)), page.keyboard.press('Enter')]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Escape closes the list, Up wraps to the last option, a click opens one, Enter with none chosen submits', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    await page.goto(`${siteUrl}/glossary/`);
    await box(page).click();
    await page.keyboard.type('webhook signature');
    await listedWith(page, '/docs/webhooks/');
    await page.keyboard.press('Escape');
    expect(await box(page).getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('.site-search-panel').isHidden()).toBe(true);
    expect(await box(page).inputValue()).toBe('webhook signature');

    // Up from nothing chosen opens the list at its last option: every result on /search/.
    await page.keyboard.press('ArrowUp');
    expect(await box(page).getAttribute('aria-expanded')).toBe('true');
    const last = await page.locator('#site-search-list [role="option"]').last();
    expect(await box(page).getAttribute('aria-activedescendant')).toBe(await last.getAttribute('id'));

    await Promise.all([
      page.waitForURL(new RegExp(`^${siteUrl}/docs/webhooks/(#[\\w-]+)?$`)),
      page.locator('#site-search-list [data-path="/docs/webhooks/"]').click(),
    ]);

    await box(page).click();
    await page.keyboard.type('decay');
    await page.waitForFunction(() => document.querySelectorAll('#site-search-list [role="option"]').length > 0);
    await Promise.all([page.waitForURL(`${siteUrl}/search/?q=decay`), page.keyboard.press('Enter')]);
    await page.locator('#search-results li').first().waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on a phone, inside the menu, the list fits the screen', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${siteUrl}/features/`);
    await page.getByRole('button', { name: 'Menu' }).click();
    await box(page).click();
    await page.keyboard.type('webhook signature');
    await listedWith(page, '/docs/webhooks/');
    const panel = await page.locator('.site-search-panel').boundingBox();
    expect(panel!.x).toBeGreaterThanOrEqual(0);
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });

  it('axe finds nothing in the header, the list closed or open with an option chosen', async () => {
    // The page's CSP refuses the injected axe script, as it should any script it does not list.
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${siteUrl}/pricing/`, { waitUntil: 'networkidle' });
    await page.addScriptTag({ content: axeSource });
    const findings = () =>
      page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (c: unknown) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } })
          .axe;
        const { violations } = await axe.run({ include: [['header']] });
        return violations.map((v) => `${v.id} (${v.nodes.length})`);
      });
    expect(await findings()).toEqual([]);
    await box(page).click();
    await page.keyboard.type('webhook signature');
    await listedWith(page, '/docs/webhooks/');
    await page.keyboard.press('ArrowDown');
    expect(await findings()).toEqual([]);
    await context.close();
  });

  it('without JavaScript, the box submits to /search/', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${siteUrl}/pricing/`);
    await page.getByRole('searchbox', { name: 'Search the site' }).fill('webhook signature');
    await Promise.all([page.waitForURL(`${siteUrl}/search/?q=webhook+signature`), page.keyboard.press('Enter')]);
    expect(await page.locator('.site-search-panel').isHidden()).toBe(true);
    await context.close();
  });
});
