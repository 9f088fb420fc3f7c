// The API reference and the docs index at a phone's 390 px and a laptop's 1280 px: no identifier (a field, a type,
// a path) breaks inside a word, only after `.`, `_`, `/`, `|` or at a space; a table wider than its box scrolls in it
// and shows a shadow on the side with more; the reference has an "On this page" column listing every tag and
// operation, like the guides; and the /docs/ table fits a phone.
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch } from '../../dev/chromium.ts';

const { siteUrl } = inject('e2e');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const REFERENCES = ['/docs/reference/public-api/', '/docs/reference/content-api/'];

async function open(path: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${siteUrl}${path}`, { waitUntil: 'networkidle' });
  return page;
}

/** Every place a reference identifier's line breaks where it may not: "text@index" of the character after it. */
const wordBreaks = (page: Page) =>
  page.evaluate(() => {
    const bad: string[] = [];
    const codes = document.querySelectorAll('.operation td code, .operation h3 code');
    for (const code of codes) {
      const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
      let prevTop: number | undefined;
      let prev = '';
      let at = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let i = 0; i < text.length; i++, at++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          if (!rect) continue;
          if (prevTop !== undefined && rect.top > prevTop + 2 && !/[._/| ]/.test(prev) && text[i] !== ' ')
            bad.push(`${code.textContent}@${at}`);
          prevTop = rect.top;
          prev = text[i]!;
        }
      }
    }
    return { codes: codes.length, bad };
  });

describe.each([390, 1280])('at %i px', (width) => {
  it.each(REFERENCES)('%s: no identifier breaks inside a word; a table too wide scrolls in its box, with a shadow', async (path) => {
    const page = await open(path, width);
    const { codes, bad } = await wordBreaks(page);
    expect(codes).toBeGreaterThan(20);
    expect(bad).toEqual([]);
    const boxes = await page
      .locator('.operation .table-wrap')
      .evaluateAll((els) =>
        els.map((e) => ({ scrolls: e.scrollWidth > e.clientWidth + 1, background: getComputedStyle(e).backgroundImage })),
      );
    for (const b of boxes) expect(b.background).toContain('radial-gradient');
    if (width === 390) expect(boxes.some((b) => b.scrolls)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.close();
  });

  it('the /docs/ table fits the screen, nothing to scroll', async () => {
    const page = await open('/docs/', width);
    const [first] = await page.locator('.prose .table-wrap').evaluateAll((els) => els.map((e) => e.scrollWidth - e.clientWidth));
    expect(first).toBeLessThanOrEqual(1);
    await page.close();
  });
});

describe('the reference at 1280 px', () => {
  it.each(REFERENCES)('%s has an "On this page" column with every tag and operation', async (path) => {
    const page = await open(path, 1280);
    const toc = page.getByRole('navigation', { name: 'On this page' });
    expect(await toc.isVisible()).toBe(true);
    const targets = await page.locator('.ref-group > h2[id], .operation > h3[id]').evaluateAll((els) => els.map((e) => `#${e.id}`));
    const links = await toc.locator('a').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(targets.length).toBeGreaterThan(3);
    expect(links).toEqual(expect.arrayContaining(targets));
    await toc.locator('a').last().click();
    expect(await page.evaluate(() => location.hash)).toBe(targets.at(-1));
    await page.close();
  });
});
