// A sign-up announced to the team: a signup.created message to SKRIBRA_SIGNUP_WEBHOOK_URL, received by a real HTTP
// receiver on loopback and verified with the standardwebhooks package's own verifier, as the team's receiver would;
// a failed attempt kept in the outbox and retried with the same webhook-id; nothing sent (and nothing lost) while the
// URL is unset; the SSRF guard in the way of a private target unless allowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { builtSite } from '../helpers/built-site.ts';
import { openTestStore, type TestStore } from '../helpers/test-store.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { createLocalOrigin } from '../../origin/local-origin.ts';
import { readConfig } from '../../src/model/config.ts';
import { listen } from '../../origin/serve.ts';
import { listSignups } from '../../src/store/repos/signups.ts';
import { announceDueSignups } from '../../src/request/webhooks/announce-signups.ts';
import { USER_AGENT } from '../../src/request/webhooks/sign-headers.ts';

const SECRET = `whsec_${Buffer.from('signup announcements secret, 32 b').toString('base64')}`;
let t: TestStore;
let rx: Receiver;

beforeAll(async () => {
  t = await openTestStore();
  rx = await startReceiver('/hooks/signups');
});
afterAll(async () => {
  await rx?.close();
  await t?.close();
});

const configWith = (env: Record<string, string>) => readConfig({ ...process.env, ...env });
const announcing = () =>
  configWith({ SKRIBRA_SIGNUP_WEBHOOK_URL: rx.url, SKRIBRA_SIGNUP_WEBHOOK_SECRET: SECRET, SKRIBRA_WEBHOOK_ALLOW_PRIVATE: '1' });
const rowOf = async (email: string) => (await listSignups(t.store.sql)).find((r) => r.email === email)!;
const headersOf = (h: Record<string, unknown>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k, String(v)]));

async function signUp(config: ReturnType<typeof readConfig>, email: string) {
  const { distDir } = await builtSite();
  const { handler } = createLocalOrigin({ distDir, config, sql: t.store.sql });
  const server = await listen(handler, 0, '127.0.0.1');
  try {
    const res = await fetch(`http://127.0.0.1:${server.port}/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, site: 'https://grace.example.com', plan: 'scale' }),
    });
    expect(res.status).toBe(202);
  } finally {
    await server.close();
  }
}

describe('the announcement of a sign-up', () => {
  it('reaches the receiver at once, signed the Standard Webhooks way, and the row says delivered', async () => {
    rx.answer({ status: 204 });
    const before = rx.hits.length;
    await signUp(announcing(), 'grace@example.com');
    const hit = (await rx.waitFor(before + 1))[before]!;
    const row = await rowOf('grace@example.com');
    expect(hit.method).toBe('POST');
    expect(hit.path).toBe('/hooks/signups');
    expect(hit.headers['user-agent']).toBe(USER_AGENT);
    expect(hit.headers['webhook-id']).toBe(`msg_${row.id}`);
    // The receiver's check: throws unless the signature over id, timestamp and body is the secret's.
    const event = new Webhook(SECRET).verify(hit.body, headersOf(hit.headers)) as Record<string, unknown>;
    expect(event).toEqual({
      type: 'signup.created',
      timestamp: expect.any(String),
      data: {
        id: row.id,
        email: 'grace@example.com',
        site_url: 'https://grace.example.com/',
        plan: 'scale',
        created_at: expect.any(String),
      },
    });
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another secret of 32 bytes, too!').toString('base64')}`).verify(hit.body, headersOf(hit.headers)),
    ).toThrow();
    await expect.poll(async () => (await rowOf('grace@example.com')).announce_status).toBe('delivered');
  });

  it('keeps a failed one in the outbox and retries it with the same webhook-id', async () => {
    rx.answer({ status: 500, body: 'down for a moment' }, { status: 204 });
    const before = rx.hits.length;
    await signUp(announcing(), 'retry@example.com');
    await rx.waitFor(before + 1);
    await expect.poll(async () => (await rowOf('retry@example.com')).announce_error).toBe('HTTP 500: down for a moment');
    const row = await rowOf('retry@example.com');
    expect(row).toMatchObject({ announce_status: 'pending', announce_attempts: 1 });
    // The retry is due after the schedule's first wait; the test's schedule waits 0 ms.
    await t.store.sql`update signups set announce_next_at = now() where id = ${row.id}`;
    const results = await announceDueSignups(t.store.sql, { config: announcing(), schedule: [0, 0] });
    expect(results).toEqual([{ id: row.id, attempts: 2, status: 'delivered' }]);
    const hits = await rx.waitFor(before + 2);
    expect(hits[before + 1]!.headers['webhook-id']).toBe(hits[before]!.headers['webhook-id']);
    expect((await rowOf('retry@example.com')).announce_status).toBe('delivered');
  });

  it('sends nothing while the URL is unset, and the sign-up waits for it', async () => {
    const before = rx.hits.length;
    await signUp(configWith({ SKRIBRA_SIGNUP_WEBHOOK_URL: '', SKRIBRA_SIGNUP_WEBHOOK_SECRET: '' }), 'waiting@example.com');
    expect((await rowOf('waiting@example.com')).announce_status).toBe('pending');
    expect(rx.hits.length).toBe(before);
    rx.answer({ status: 204 });
    const results = await announceDueSignups(t.store.sql, { config: announcing() });
    expect(results.map((r) => r.status)).toEqual(['delivered']);
    expect((await rowOf('waiting@example.com')).announce_status).toBe('delivered');
  });

  it('goes through the SSRF guard: a loopback receiver is refused unless SKRIBRA_WEBHOOK_ALLOW_PRIVATE=1', async () => {
    const config = configWith({
      SKRIBRA_SIGNUP_WEBHOOK_URL: rx.url,
      SKRIBRA_SIGNUP_WEBHOOK_SECRET: SECRET,
      SKRIBRA_WEBHOOK_ALLOW_PRIVATE: '',
    });
    const before = rx.hits.length;
    await signUp(config, 'guarded@example.com');
    await expect
      .poll(async () => (await rowOf('guarded@example.com')).announce_error)
      .toMatch(/^refused: 127\.0\.0\.1 is a loopback address/);
    expect(rx.hits.length).toBe(before);
  });
});
