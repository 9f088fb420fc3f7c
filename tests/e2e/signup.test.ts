// Every call to action, clicked as a prospect would, to a stored sign-up: "Start free trial" and "Sign in" in the
// header, the home page's hero and closing, the footer, a side column, and the four buttons of /pricing/. Each lands
// on /start/ with its plan chosen (from ?plan=), the form is filled and sent, the thank-you says what happens next,
// and the operator CLI lists the row. The form works without script too, and shows each field's error beside it.
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, watchErrors } from '../../dev/chromium.ts';
import { skribra } from '../helpers/cli.ts';

const { siteUrl, dataDir } = inject('e2e');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The sign-ups the operator sees: `skribra signup list --json` on the site's own store. */
async function stored(): Promise<{ email: string; site_url: string; plan: string | null }[]> {
  const r = await skribra(['signup', 'list', '--limit', '1000', '--json'], dataDir ? { SKRIBRA_DATA_DIR: dataDir } : {});
  expect(r.code, r.stderr).toBe(0);
  return r.out.signups;
}

/** [name, page, the link's locator, the plan it carries] */
const CTAS: [string, string, string, string][] = [
  ['header: Start free trial', '/', '.header-cta a.button', ''],
  ['header: Sign in', '/', '.header-cta a.signin', ''],
  ['home hero: Start free trial', '/', '.hero .hero-cta a.button:not(.quiet)', ''],
  ['home closing: Start free trial', '/', '.closing a.button:not(.quiet)', ''],
  ['home closing: Sign in', '/', '.closing a.quiet', ''],
  ['footer: Start free trial', '/glossary/', 'footer a.button', ''],
  ['side column: Start free trial', '/for/agencies/', 'aside .cta a.button', ''],
  ['pricing: Starter', '/pricing/', '#plan-starter a.button', 'starter'],
  ['pricing: Growth', '/pricing/', '#plan-growth a.button', 'growth'],
  ['pricing: Scale', '/pricing/', '#plan-scale a.button', 'scale'],
  ['pricing: BYOK', '/pricing/', '#byok a.button', 'byok'],
];

/** `expected`: console errors the test causes on purpose (Chromium logs a 400 the script asked for and handles). */
async function withPage(run: (page: Page) => Promise<void>, opts: { javaScriptEnabled?: boolean } = {}, expected?: RegExp) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...opts });
  const page = await context.newPage();
  const errors = watchErrors(page);
  try {
    await run(page);
    expect(errors.filter((e) => !expected?.test(e))).toEqual([]);
  } finally {
    await context.close();
  }
}

const fill = async (page: Page, email: string, site: string) => {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Your site').fill(site);
};

describe('every call to action leads to a sign-up that is stored', () => {
  it.each(CTAS)('%s', async (name, from, link, plan) =>
    withPage(async (page) => {
      await page.goto(`${siteUrl}${from}`);
      await page.locator(link).first().click();
      await page.waitForURL(/\/start\//);
      const url = new URL(page.url());
      expect(url.searchParams.get('plan') ?? '').toBe(plan);
      if (name.endsWith('Sign in')) {
        // Signing in is the dashboard's; this page says how, and that accounts are opened after a sign-up.
        expect(url.hash).toBe('#sign-in');
        await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).isVisible(), { timeout: 10_000 }).toBe(true);
        expect(await page.locator('#sign-in + p').innerText()).toContain('Sign up above, and the team opens your account');
      }
      // The plan from ?plan= is chosen, and may be changed.
      expect(await page.getByLabel('Plan').inputValue()).toBe(plan);
      const email = `${name.replace(/\W+/g, '-').toLowerCase()}@e2e.example`;
      await fill(page, email, 'e2e.example/blog');
      await page.getByRole('button', { name: 'Start my free trial' }).click();
      const thanks = page.getByRole('heading', { name: 'Thank you: we have your sign-up' });
      await thanks.waitFor();
      expect(await page.locator('#thanks').innerText()).toContain(`We open your account and write to ${email}`);
      expect(await page.locator('form[data-signup]').isVisible()).toBe(false);
      expect((await stored()).find((s) => s.email === email)).toEqual(
        expect.objectContaining({ site_url: 'https://e2e.example/blog', plan: plan || null }),
      );
    }),
  );

  it('changes the plan carried from ?plan=', () =>
    withPage(async (page) => {
      await page.goto(`${siteUrl}/start/?plan=growth`);
      expect(await page.getByLabel('Plan').inputValue()).toBe('growth');
      await page.getByLabel('Plan').selectOption('scale');
      await fill(page, 'changed-plan@e2e.example', 'changed.example');
      await page.getByRole('button', { name: 'Start my free trial' }).click();
      await page.locator('#thanks').waitFor({ state: 'visible' });
      expect((await stored()).find((s) => s.email === 'changed-plan@e2e.example')?.plan).toBe('scale');
    }));

  it("shows the server's error beside its field, and a repeat is thanked without a second row", () =>
    withPage(
      async (page) => {
        await page.goto(`${siteUrl}/start/`);
        await fill(page, 'repeat@e2e.example', 'localhost');
        await page.getByRole('button', { name: 'Start my free trial' }).click();
        const error = page.locator('#signup-site-error');
        // The error comes back from the server: the poll waits for its answer, as the other steps wait with waitFor.
        await expect
          .poll(() => error.innerText(), { timeout: 10_000 })
          .toBe("Enter your site's address, like example.com or https://example.com/blog/.");
        expect(await page.getByLabel('Your site').getAttribute('aria-invalid')).toBe('true');
        await page.getByLabel('Your site').fill('repeat.example');
        await page.getByRole('button', { name: 'Start my free trial' }).click();
        await page.locator('#thanks').waitFor({ state: 'visible' });
        await page.goto(`${siteUrl}/start/`);
        await fill(page, 'Repeat@e2e.example', 'other.example');
        await page.getByRole('button', { name: 'Start my free trial' }).click();
        await page.getByText('This address had signed up before').waitFor();
        expect((await stored()).filter((s) => s.email.toLowerCase() === 'repeat@e2e.example')).toHaveLength(1);
      },
      {},
      /status of 400 \(Bad Request\) \(http:\/\/127\.0\.0\.1:\d+\/signup\)/,
    ));

  it('works without script: a plain POST, then the thank-you section', () =>
    withPage(
      async (page) => {
        await page.goto(`${siteUrl}/pricing/`);
        await page.locator('#plan-growth a.button').click();
        await page.waitForURL(/\/start\/\?plan=growth/);
        await page.getByLabel('Plan').selectOption('growth');
        await fill(page, 'no-script@e2e.example', 'no-script.example');
        await page.getByRole('button', { name: 'Start my free trial' }).click();
        await page.waitForURL(/\/start\/#thanks$/);
        expect(await page.getByRole('heading', { name: 'Thank you: we have your sign-up' }).isVisible()).toBe(true);
        expect(await page.locator('form[data-signup]').isVisible()).toBe(false);
        expect((await stored()).find((s) => s.email === 'no-script@e2e.example')?.plan).toBe('growth');
      },
      { javaScriptEnabled: false },
    ));
});
