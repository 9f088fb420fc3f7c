// The trial sign-up (POST /signup) through real HTTP on loopback, served by the stack `npm start` serves over the
// test build and a store of this file's own: exact errors per field, the plan kept, a repeat answered kindly, the
// plain form post's redirect and page, the honeypot and the per-address limit at their defaults, and the platform's
// limit held to the same numbers.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from '../helpers/built-site.ts';
import { openTestStore, type TestStore } from '../helpers/test-store.ts';
import { createLocalOrigin } from '../../origin/local-origin.ts';
import { readConfig, SIGNUP_RATE_LIMIT } from '../../src/model/config.ts';
import { listen } from '../../origin/serve.ts';
import { listSignups } from '../../src/store/repos/signups.ts';
import { SIGNUP_MESSAGES } from '../../src/model/schemas/signup.ts';

let store: TestStore;
let base: string;
let close: () => Promise<void>;
/** A second origin over the same store, with the limit of a test of its own. */
async function origin(signupRateLimit?: { windowLimit: number; windowSize: number }) {
  const { distDir } = await builtSite();
  const { handler } = createLocalOrigin({ distDir, config: readConfig(), sql: store.store.sql, signupRateLimit });
  const server = await listen(handler, 0, '127.0.0.1');
  return { base: `http://127.0.0.1:${server.port}`, close: () => server.close() };
}

beforeAll(async () => {
  store = await openTestStore();
  // Many requests from one address here: the default limit has a test of its own below.
  ({ base, close } = await origin({ windowLimit: 1000, windowSize: 60 }));
});
afterAll(async () => {
  await close?.();
  await store?.close();
});

const post = (body: unknown, at = base) =>
  fetch(`${at}/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const form = (fields: Record<string, string>, at = base) =>
  fetch(`${at}/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
const rowOf = async (email: string) => (await listSignups(store.store.sql)).filter((r) => r.email.toLowerCase() === email.toLowerCase());
const PLANS = SIGNUP_MESSAGES.plan(['Starter', 'Growth', 'Scale', 'Bring your own key']);

describe('POST /signup: validation, one field at a time', () => {
  it('names every missing field with its own message', async () => {
    const res = await post({});
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'invalid_body',
      message: "email: Enter your email address. site: Enter your site's address.",
      fields: { email: 'Enter your email address.', site: "Enter your site's address." },
    });
  });

  it.each([
    [{ email: 'not-an-address', site: 'example.com' }, 'email', 'Enter an email address like name@example.com.'],
    [{ email: `${'a'.repeat(250)}@example.com`, site: 'example.com' }, 'email', 'An email address has at most 254 characters.'],
    [
      { email: 'a@example.com', site: 'javascript:alert(1)' },
      'site',
      "Enter your site's address, like example.com or https://example.com/blog/.",
    ],
    [{ email: 'a@example.com', site: 'localhost' }, 'site', "Enter your site's address, like example.com or https://example.com/blog/."],
    [{ email: 'a@example.com', site: `example.com/${'x'.repeat(2000)}` }, 'site', 'A site address has at most 2,000 characters.'],
    [{ email: 'a@example.com', site: 'example.com', plan: 'platinum' }, 'plan', PLANS],
    [{ email: ['a@example.com'], site: 'example.com' }, 'email', 'Enter an email address like name@example.com.'],
  ])('%j: 400 on %s', async (body, field, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'invalid_body', message: `${field}: ${message}`, fields: { [field]: message } });
  });

  it('refuses a body that is not a sign-up, as {code, message}', async () => {
    for (const body of ['nope', '[]', '']) {
      const res = await fetch(`${base}/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(res.status).toBe(400);
      expect(Object.keys(await res.json()).sort()).toEqual(['code', 'message']);
    }
    const big = await post({ email: 'a@example.com', site: 'x'.repeat(20_000) });
    expect(big.status).toBe(413);
    expect((await big.json()).code).toBe('payload_too_large');
  });

  it('answers only POST: 405 with Allow', async () => {
    const res = await fetch(`${base}/signup`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST, OPTIONS');
  });
});

describe('POST /signup: stored once per address', () => {
  it('stores the sign-up with its plan and site, and answers 202 with what it took', async () => {
    const res = await post({ email: ' Ada@Example.com ', site: 'ada.example.com/blog', plan: 'growth' });
    expect(res.status).toBe(202);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      data: { email: 'Ada@Example.com', site_url: 'https://ada.example.com/blog', plan: 'growth', repeat: false },
    });
    const rows = await rowOf('ada@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'Ada@Example.com', site_url: 'https://ada.example.com/blog', plan: 'growth', repeats: 0 });
  });

  it('takes no plan as "not decided"', async () => {
    expect((await (await post({ email: 'noplan@example.com', site: 'https://noplan.example.com', plan: '' })).json()).data.plan).toBe(null);
    expect((await rowOf('noplan@example.com'))[0]!.plan).toBe(null);
  });

  it('answers the same address again kindly (200, repeat: true) and keeps the first request', async () => {
    const res = await post({ email: 'ADA@example.COM', site: 'other.example.com', plan: 'scale' });
    expect(res.status).toBe(200);
    expect((await res.json()).data.repeat).toBe(true);
    const rows = await rowOf('ada@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ site_url: 'https://ada.example.com/blog', plan: 'growth', repeats: 1 });
  });
});

describe('POST /signup as a plain form post (no script)', () => {
  it('stores it and redirects (303) to the thank-you section of /start/', async () => {
    const res = await form({ email: 'form@example.com', site: 'form.example.com', plan: 'byok', website: '' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/start/#thanks');
    expect((await rowOf('form@example.com'))[0]!.plan).toBe('byok');
    // The page it lands on holds that section, and says what happens next.
    const page = await (await fetch(`${base}/start/`)).text();
    expect(page).toContain('id="thanks"');
    expect(page).toContain('What happens next');
  });

  it('answers invalid fields with a page that lists them, escaped, and leads back to the form with the plan', async () => {
    const res = await form({ email: '<b>x</b>', site: '', plan: 'growth' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<li><strong>Email</strong>: Enter an email address like name@example.com.</li>');
    expect(html).toContain('<li><strong>Your site</strong>: Enter your site&#39;s address.</li>');
    expect(html).toContain('href="/start/?plan=growth#signup"');
    expect(html).not.toContain('<b>x</b>');
  });
});

describe('abuse, at the defaults', () => {
  it('the honeypot: a filled one is answered as a success and nothing is stored', async () => {
    const json = await post({ email: 'bot@example.com', site: 'bot.example.com', website: 'https://spam.example' });
    expect(json.status).toBe(202);
    expect((await json.json()).data.repeat).toBe(false);
    const plain = await form({ email: 'bot2@example.com', site: 'bot.example.com', website: 'spam' });
    expect(plain.status).toBe(303);
    expect(await rowOf('bot@example.com')).toEqual([]);
    expect(await rowOf('bot2@example.com')).toEqual([]);
  });

  it(`the per-address limit: ${SIGNUP_RATE_LIMIT.windowLimit} tries a minute, then 429 with Retry-After`, async () => {
    const limited = await origin(); // the defaults
    try {
      for (let i = 0; i < SIGNUP_RATE_LIMIT.windowLimit; i++) {
        // Invalid or valid, every try counts.
        const res = await post(i % 2 ? {} : { email: `limit${i}@example.com`, site: 'limit.example.com' }, limited.base);
        expect(res.status, `try ${i + 1}`).toBe(i % 2 ? 400 : 202);
      }
      const res = await post({ email: 'limit-over@example.com', site: 'limit.example.com' }, limited.base);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.json()).toEqual({
        code: 'rate_limited',
        message: expect.stringMatching(/^Too many sign-ups from your address; try again in \d+ s\.$/),
      });
      expect(await rowOf('limit-over@example.com')).toEqual([]);
      // The plain form post gets a page saying so.
      const page = await form({ email: 'limit-form@example.com', site: 'limit.example.com' }, limited.base);
      expect(page.status).toBe(429);
      expect(await page.text()).toContain('Too many sign-ups from your address');
    } finally {
      await limited.close();
    }
  });

  it("the Netlify function's rateLimit literal is SIGNUP_RATE_LIMIT", () => {
    const source = readFileSync(new URL('../../functions/signup.mts', import.meta.url), 'utf8');
    expect(source).toContain(
      `rateLimit: { windowLimit: ${SIGNUP_RATE_LIMIT.windowLimit}, windowSize: ${SIGNUP_RATE_LIMIT.windowSize}, aggregateBy: ['ip', 'domain'] }`,
    );
  });
});
