// Every tool page used as a new user would: type into the form, read the answer off the page.
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, watchErrors } from '../../dev/chromium.ts';

const { siteUrl, otherUrl } = inject('e2e');
let browser: Browser;
let page: Page;
let errors: string[];
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  page = await browser.newPage();
  errors = watchErrors(page);
});
afterEach(async () => {
  expect(errors).toEqual([]);
  await page.close();
});

const open = async (slug: string) => {
  const res = await page.goto(`${siteUrl}/tools/${slug}/`);
  expect(res?.status()).toBe(200);
};
const text = (selector: string) => page.locator(selector).innerText();

describe('browser tools compute the right answer', () => {
  it('word counter: words, characters, sentences, paragraphs and reading time at 238 wpm', async () => {
    await open('word-counter');
    await page.getByLabel('Your text').fill('The quick brown fox jumps. It costs 3.5 dollars!\n\nA long-form guide.');
    expect(await text('[data-stat="words"]')).toBe('12');
    expect(await text('[data-stat="characters"]')).toBe('68');
    expect(await text('[data-stat="charactersNoSpaces"]')).toBe('56');
    expect(await text('[data-stat="sentences"]')).toBe('3');
    expect(await text('[data-stat="paragraphs"]')).toBe('2');
    expect(await text('[data-stat="readingMinutes"]')).toBe('1 min');
    await page.getByLabel('Your text').fill('word '.repeat(239));
    expect(await text('[data-stat="readingMinutes"]')).toBe('2 min');
  });

  it('SERP preview: pixel widths against 580 px and 920 px, cut at a whole word', async () => {
    await open('serp-preview');
    await page.getByLabel('Title tag').fill(Array(10).fill('WWWW').join(' '));
    await page.getByLabel('Meta description').fill('Short and clear.');
    await page.getByLabel('Page URL').fill('https://www.example.com/blog/post/');
    expect(await text('[data-part="title-meter"] [data-result="width"]')).toBe('805.2 px of 580 px · 49 characters · cut off');
    expect(await text('[data-part="shown-title"]')).toBe('WWWW WWWW WWWW WWWW WWWW WWWW …');
    expect(await text('[data-result="title-cut"]')).toBe('Title cut off: WWWW WWWW WWWW WWWW');
    // S 667 h 556 o 556 r 333 t 278 space 278 a 556 n 556 d 556 space c 500 l 222 e 556 a r 333 . 278, at 14 px
    expect(await text('[data-part="desc-meter"] [data-result="width"]')).toBe('98.8 px of 920 px · 16 characters');
    expect(await text('[data-part="site"]')).toBe('example.com › blog › post');
  });

  it('slug generator: the example from the tool page, with and without stop words', async () => {
    await open('slug-generator');
    await page.getByLabel('Title').fill('Café Guide: 10 Best Espresso Bars in Zürich (2026)');
    expect(await text('[data-part="slug"]')).toBe('cafe-guide-10-best-espresso-bars-in-zurich-2026');
    await page.getByLabel(/Remove stop words/).check();
    expect(await text('[data-part="slug"]')).toBe('cafe-guide-10-best-espresso-bars-zurich-2026');
  });

  it('keyword density: count and share of the target keyword, top phrases', async () => {
    await open('keyword-density');
    await page.getByLabel('Your text').fill('SEO content wins. Good SEO content ranks, and the content is good. Seo content!');
    await page.getByLabel(/Target keyword/).fill('SEO content');
    await expect.poll(() => text('[data-result="keyword"]')).toBe('“seo content”: 3 times, 42.86% of all words.');
    expect(await text('[data-result="total"]')).toBe('14 words in total.');
    expect(await page.locator('table').first().locator('tbody tr').first().innerText()).toMatch(/^content\s+4\s+28\.57%$/);
    // Without a target keyword its line is left out, not printed as "null".
    await page.getByLabel(/Target keyword/).fill('');
    await expect.poll(() => page.locator('[data-result="keyword"]').count()).toBe(0);
    expect(await text('[data-part="out"]')).not.toMatch(/\bnull\b/);
  });

  it('readability: Flesch Reading Ease and Flesch-Kincaid grade', async () => {
    await open('readability-score');
    await page.getByLabel('Your text').fill('The cat sat on the mat. The dog ran.');
    await expect.poll(() => text('[data-result="ease"]')).toBe('117.7');
    expect(await text('[data-result="grade"]')).toBe('-2.0');
    expect(await text('[data-result="band"]')).toBe('Very easy');
  });

  it('JSON-LD generator: valid Article markup, then the checks catch a bad date and a duplicate question', async () => {
    await open('json-ld-generator');
    await page.getByLabel('Headline').fill('How to brew espresso');
    await page.getByLabel(/Image URLs/).fill('https://example.com/espresso.jpg');
    await page.getByLabel('Date published').fill('2026-03-14');
    await page.getByLabel('Author name').fill('Ada Barista');
    expect(await text('[data-part="problems"]')).toBe('Every required field passes.');
    const tag = await text('[data-part="code"]');
    const json = JSON.parse(tag.replace(/^<script type="application\/ld\+json">|<\/script>$/g, ''));
    expect(json).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'How to brew espresso',
      image: ['https://example.com/espresso.jpg'],
      datePublished: '2026-03-14',
      author: [{ '@type': 'Person', name: 'Ada Barista' }],
    });
    expect(await page.getByRole('button', { name: 'Copy script tag' }).isEnabled()).toBe(true);
    await page.getByLabel(/Date modified/).fill('2026-03-13');
    expect(await text('[data-part="problems"]')).toBe('Date modified is earlier than date published.');
    expect(await page.getByRole('button', { name: 'Copy script tag' }).isDisabled()).toBe(true);

    await page.getByLabel('FAQPage').check();
    await page.getByLabel('Question', { exact: true }).fill('Is it free?');
    await page.getByLabel(/^Answer/).fill('Yes.');
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.keyboard.type('is it free? ');
    expect(await text('[data-part="problems"]')).toContain('Question 2 repeats question 1.');
  });
});

describe('server tools', () => {
  it('content brief builder answers on the site with related terms and pages', async () => {
    await open('content-brief-builder');
    await page.getByLabel('Topic or draft').fill('how to fix keyword cannibalization');
    await page.getByRole('button', { name: 'Build the brief' }).click();
    const terms = page.locator('[data-result="terms"] li');
    await terms.first().waitFor();
    expect(await terms.first().locator('a').innerText()).toBe('Keyword cannibalization');
    expect(await terms.first().locator('a').getAttribute('href')).toBe('/glossary/keyword-cannibalization/');
    expect(await page.locator('[data-result="links"] li').count()).toBeGreaterThan(0);
  });

  it('heading and link audit answers on the site and never runs the pasted HTML', async () => {
    await open('heading-link-audit');
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    await page
      .getByLabel('Page HTML')
      .fill('<h1>One</h1><h3>Skip</h3><h1>Two</h1><img src=x onerror="alert(1)"><script>alert(2)</script><a href="/x">click here</a>');
    await page.getByRole('button', { name: 'Audit the HTML' }).click();
    await page.locator('[data-result="headings"]').waitFor();
    expect(await text('main [role="status"]')).toBe('3 headings, 1 links (1 internal, 0 external), 3 flags.');
    expect(await page.locator('[data-code="multiple_h1"]').count()).toBe(1);
    expect(await page.locator('[data-code="skipped_level"]').count()).toBe(1);
    expect(await page.locator('[data-code="vague_anchor_text"]').count()).toBe(1);
    expect(dialogs).toBe(0);
  });

  it('heading and link audit: a clean outline prints the outline and nothing else under its heading (no "null")', async () => {
    await open('heading-link-audit');
    await page.getByLabel('Page HTML').fill('<h1>Only title</h1><h2>Part</h2><a href="https://example.org/guide">the style guide</a>');
    await page.getByRole('button', { name: 'Audit the HTML' }).click();
    await page.locator('[data-result="headings"]').waitFor();
    expect(await text('main [role="status"]')).toBe('2 headings, 1 links (0 internal, 1 external), 0 flags.');
    // The heading is followed directly by the outline: an absent issue list once became a "null" text node here.
    expect(await page.locator('[data-part="out"]').evaluate((out) => [...out.childNodes].map((n) => n.nodeName))).toEqual([
      'H2',
      'OL',
      'H2',
      'DIV',
    ]);
    expect(await text('[data-part="out"]')).not.toMatch(/\bnull\b/);
  });

  it('shows the API message when the input is refused', async () => {
    await open('heading-link-audit');
    await page.getByLabel('Page HTML').fill('<p>x</p>');
    await page.getByLabel(/Page URL/).fill('ftp://example.com/');
    // The browser's own URL check would stop the form; the API check is the one that matters, so skip the former.
    await page.locator('form[data-island]').evaluate((f) => f.setAttribute('novalidate', ''));
    await page.getByRole('button', { name: 'Audit the HTML' }).click();
    await expect.poll(() => text('main [role="status"]')).toBe('Field "page_url" must be an absolute http(s) URL.');
    // Chromium logs every 4xx fetch as a console error; that one is expected here.
    expect(errors).toEqual([expect.stringContaining('400 (Bad Request)')]);
    errors.length = 0;
  });

  it('refuses a request from a page of another origin with 403 forbidden_origin', async () => {
    await page.goto(`${otherUrl}/`);
    const response = page.waitForResponse((r) => r.url().includes('/tools-api/') && r.request().method() === 'POST');
    // A no-cors POST with a text/plain body is a "simple" request: the POST itself reaches the server (no preflight),
    // and the page gets only an opaque answer it cannot read.
    const opaque = await page.evaluate(async (url) => {
      const res = await fetch(url, {
        method: 'POST',
        mode: 'no-cors',
        headers: { 'content-type': 'text/plain' },
        body: '{"html":"<h1>x</h1>"}',
      });
      return res.type;
    }, `${siteUrl}/tools-api/heading-link-audit`);
    const res = await response;
    expect(res.status()).toBe(403);
    expect(opaque).toBe('opaque');
    // The page cannot read that body (that is the point); the same request from outside a browser shows it.
    const direct = await fetch(`${siteUrl}/tools-api/heading-link-audit`, {
      method: 'POST',
      headers: { origin: otherUrl, 'sec-fetch-site': 'same-site', 'content-type': 'text/plain' },
      body: '{"html":"<h1>x</h1>"}',
    });
    expect(direct.status).toBe(403);
    expect(await direct.json()).toMatchObject({ code: 'forbidden_origin' });
    // A readable (cors) request from there is blocked by the browser: no CORS headers are ever sent.
    const outcome = await page.evaluate(async (url) => {
      try {
        await fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"html":"<h1>x</h1>"}' });
        return 'read';
      } catch {
        return 'blocked';
      }
    }, `${siteUrl}/tools-api/heading-link-audit`);
    expect(outcome).toBe('blocked');
    // And a JSON request from there fails its preflight: no CORS headers are ever sent.
    const preflighted = await page.evaluate(async (url) => {
      try {
        await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        return 'read';
      } catch {
        return 'blocked';
      }
    }, `${siteUrl}/tools-api/content-brief-builder`);
    expect(preflighted).toBe('blocked');
    errors.length = 0; // the browser logs the CORS refusals above as console errors, which is the point
  });
});
