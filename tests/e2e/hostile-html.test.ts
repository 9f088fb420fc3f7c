// An agent-written blog article that tries every way to run a script: the page renders it with nothing active (no
// dialog ever opens), and its markdown twin and the public API carry no raw HTML.
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from '../../dev/chromium.ts';

const { siteUrl } = inject('e2e');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('a blog article with hostile HTML', () => {
  it('renders with no script running: no dialog, no handler, no javascript: link, the table kept', async () => {
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const res = await page.goto(`${siteUrl}/blog/hostile-html/`, { waitUntil: 'networkidle' });
    expect(res?.status()).toBe(200);
    await page.click('text=a javascript link').catch(() => {});
    await page.click('.toc-box a').catch(() => {});
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    const active = await page.evaluate(() =>
      [...document.querySelectorAll('.article-body *, .toc-box *')].flatMap((el) =>
        [...el.attributes].filter((a) => /^on/i.test(a.name) || /^\s*javascript:/i.test(a.value)).map((a) => `${el.tagName} ${a.name}`),
      ),
    );
    expect(active).toEqual([]);
    expect(await page.locator('.article-body script').count()).toBe(0);
    expect(await page.locator('.article-body table td').textContent()).toBe('1');
    expect(await page.locator('.article-body').textContent()).toContain('<img src=x onerror=alert("escaped")>');
    await page.close();
  });

  it('converts to markdown with no raw HTML, in the twin and the public API', async () => {
    const twin = await (await fetch(`${siteUrl}/blog/hostile-html.md`)).text();
    const api = (await (await fetch(`${siteUrl}/api/v1/articles/hostile-html?format=both`)).json()).data;
    for (const md of [twin, api.content_markdown]) {
      expect(md).not.toMatch(/(?<!\\)<(img|script|a)\b/i);
      expect(md).not.toMatch(/javascript:/i);
      expect(md).toMatch(/\\<img src=x onerror=alert\("escaped"\)\\?>/); // text, its < escaped (and its > too)
      expect(md).toMatch(/\| A \|/);
    }
    expect(api.content_html).not.toMatch(/<[^>]*\son\w+=|<script|javascript:/i);
  });
});
