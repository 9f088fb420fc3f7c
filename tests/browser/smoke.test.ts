import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, watchErrors } from '../../dev/chromium.ts';
import { builtSite } from '../helpers/built-site.ts';
import { createLocalOrigin } from '../../origin/local-origin.ts';
import { readConfig } from '../../src/model/config.ts';
import { listen } from '../../origin/serve.ts';

// One real-browser smoke test in the unit suite; the full browser suite is `npm run test:e2e`.

let browser: Browser;
let server: { port: number; close: () => Promise<void> };
beforeAll(async () => {
  const { distDir } = await builtSite();
  server = await listen(createLocalOrigin({ distDir, config: readConfig() }).handler, 0, '127.0.0.1');
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the site in Chromium', () => {
  it.each([
    ['/', /^SEO articles that research, write, publish and refresh themselves$/],
    ['/glossary/canonical-url/', /^Canonical URL$/],
  ])('%s renders its h1 with no console errors', async (path, h1) => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const res = await page.goto(`http://127.0.0.1:${server.port}${path}`);
    expect(res?.status()).toBe(200);
    expect((await page.locator('h1').innerText()).trim()).toMatch(h1);
    expect(await page.locator('link[rel="alternate"][type="text/markdown"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
