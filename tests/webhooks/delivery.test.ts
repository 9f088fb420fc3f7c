// The publish webhook end to end on a real store and a real HTTP receiver on loopback: the outbox row written
// with a first publish, the signed POST (checked with the standardwebhooks package's own verifier, as a
// receiver would), retries with the same webhook-id, 410, Retry-After, redirects, crash recovery and two
// workers racing. The retry schedule is injected in milliseconds so nothing waits for minutes.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { api, articleInput, bearer, openTestStore, uniq, type TestStore } from '../content/helpers.ts';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { publishArticle } from '../../src/store/repos/articles.ts';
import { configureEndpoint } from '../../src/request/webhooks/configure-endpoint.ts';
import { readConfig } from '../../src/model/config.ts';
import { claimDue } from '../../src/store/repos/deliveries.ts';
import { listDeliveriesWhere } from '../../src/store/repos/listings.ts';
import { runDueDeliveries, type WorkerOptions } from '../../src/request/webhooks/run-deliveries.ts';
import { startWebhookTimer } from '../../src/request/webhooks/start-webhook-timer.ts';
import { USER_AGENT } from '../../src/request/webhooks/sign-headers.ts';
import { startReceiver, type Receiver } from './receiver.ts';

let t: TestStore;
let rx: Receiver;
const FAST = [40, 40, 40, 40, 40, 40, 40];
const opts: WorkerOptions = { config: readConfig(), schedule: FAST, policy: { allowHttp: false, allowPrivate: true } };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const headersOf = (h: Record<string, unknown>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k, String(v)]));

async function project(url = rx.url) {
  const acc = await createAccount(t.store.sql, uniq('acc'));
  const pid = await createProject(t.store.sql, { accountId: acc.account_id, name: 'Hooked', apiEnabled: true });
  const ep = await configureEndpoint(t.store.sql, pid, { url }, readConfig());
  return { pid, key: acc.api_key, accountId: acc.account_id, secret: ep!.secret! };
}

async function delivery(id: string) {
  const [row] = await t.store
    .sql`select *, (extract(epoch from (next_attempt_at - now())) * 1000)::float8 as due_in_ms from webhook_deliveries where id = ${id}`;
  return row!;
}

/** Runs the worker until the delivery settles (delivered or failed), waiting out the injected schedule. */
async function settle(id: string, o: WorkerOptions = opts, ms = 5000) {
  const deadline = Date.now() + ms;
  for (;;) {
    await runDueDeliveries(t.store.sql, o);
    const d = await delivery(id);
    if (d.status === 'delivered' || d.status === 'failed' || Date.now() > deadline) return d;
    await sleep(15);
  }
}

beforeAll(async () => {
  t = await openTestStore();
  rx = await startReceiver();
});
afterAll(async () => {
  await rx?.close();
  await t?.close();
});
afterEach(async () => {
  // Each test starts with no due deliveries of earlier tests (whose endpoints may be gone).
  await t.store.sql`update webhook_deliveries set status = 'failed', next_attempt_at = null where status in ('pending', 'sending')`;
  rx.hits.length = 0;
  rx.answer({ status: 204 });
});

describe('publish webhook', () => {
  it('sends one signed POST per first publish whose data is the API detail object', async () => {
    const { pid, key, secret } = await project();
    const r = await publishArticle(
      t.store.sql,
      pid,
      articleInput('hello-hook', 'Hello hook', { json_ld: [{ '@type': 'Article' }], target_date: '2026-12-01' }),
    );
    expect(r.created).toBe(true);
    expect(r.delivery_id).toMatch(/^msg_[0-9a-f]{20}$/);

    const results = await runDueDeliveries(t.store.sql, opts);
    expect(results).toEqual([expect.objectContaining({ id: r.delivery_id, status: 'delivered', http_status: 204, attempts: 1 })]);
    expect(rx.hits).toHaveLength(1);
    const hit = rx.hits[0]!;
    expect(hit.method).toBe('POST');
    expect(hit.path).toBe('/hooks/skribra');
    expect(hit.headers['content-type']).toBe('application/json');
    expect(hit.headers['user-agent']).toBe(USER_AGENT);
    expect(hit.headers['webhook-id']).toBe(r.delivery_id);
    expect(Math.abs(Number(hit.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
    expect(hit.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);

    // As a receiver would: the package's verifier over the raw body and the headers.
    const event = new Webhook(secret).verify(hit.body, headersOf(hit.headers)) as { type: string; timestamp: string; data: unknown };
    expect(event.type).toBe('article.published');
    expect(Date.parse(event.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    const detail = await api(t.store)(`/v1/articles/hello-hook?projectId=${pid}`, bearer(key));
    expect(detail.status).toBe(200);
    expect(event.data).toEqual(detail.body.data);
    // A wrong secret or a changed body does not verify.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(hit.body, headersOf(hit.headers))).toThrow();
    expect(() => new Webhook(secret).verify(hit.body.replace('Hello hook', 'Hello hoax'), headersOf(hit.headers))).toThrow();

    // Editing the published article queues nothing; the delivered one is never sent again.
    const edit = await publishArticle(t.store.sql, pid, articleInput('hello-hook', 'Hello hook, edited'));
    expect(edit).toMatchObject({ created: false });
    expect(edit.delivery_id).toBeUndefined();
    expect(await runDueDeliveries(t.store.sql, opts)).toEqual([]);
    expect(rx.hits).toHaveLength(1);
    expect(await listDeliveriesWhere(t.store.sql, { projectId: pid, limit: 50 })).toEqual([
      expect.objectContaining({ id: r.delivery_id, status: 'delivered', attempts: 1, article_slug: 'hello-hook' }),
    ]);
  });

  it('queues nothing for a project without an endpoint, and rolls the row back with a failed publish', async () => {
    const acc = await createAccount(t.store.sql, uniq('acc'));
    const pid = await createProject(t.store.sql, { accountId: acc.account_id, name: 'No hook' });
    const r = await publishArticle(t.store.sql, pid, articleInput('quiet', 'Quiet'));
    expect(r.delivery_id).toBeUndefined();

    const hooked = await project();
    const before = await t.store.sql`select count(*)::int as n from webhook_deliveries where project_id = ${hooked.pid}`;
    await expect(
      t.store.sql.begin(async (tx) => {
        await publishArticle(tx as never, hooked.pid, articleInput('rolled-back', 'Rolled back'));
        throw new Error('abort the transaction');
      }),
    ).rejects.toThrow('abort the transaction');
    const after = await t.store.sql`select count(*)::int as n from webhook_deliveries where project_id = ${hooked.pid}`;
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('retries a failing receiver with the same webhook-id and body, and stops after the 2xx', async () => {
    const { pid, secret } = await project();
    rx.answer({ status: 500, body: 'database is down' }, { status: 502 }, { status: 200, body: 'ok' });
    const { delivery_id } = await publishArticle(t.store.sql, pid, articleInput('retry-me', 'Retry me'));

    // One round for this delivery: its next try is due 40 ms later, which a loaded machine can reach within one call.
    const first = await runDueDeliveries(t.store.sql, { ...opts, ids: [delivery_id!] });
    expect(first).toEqual([
      expect.objectContaining({ status: 'pending', http_status: 500, error: 'HTTP 500: database is down', retry_in_ms: 40 }),
    ]);
    const pending = await delivery(delivery_id!);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, last_status: 500, last_error: 'HTTP 500: database is down' });

    const done = await settle(delivery_id!);
    expect(done).toMatchObject({ status: 'delivered', attempts: 3, last_status: 200, last_error: null });
    expect(rx.hits).toHaveLength(3);
    expect(new Set(rx.hits.map((h) => h.headers['webhook-id']))).toEqual(new Set([delivery_id]));
    expect(new Set(rx.hits.map((h) => h.body)).size).toBe(1);
    for (const h of rx.hits) expect(() => new Webhook(secret).verify(h.body, headersOf(h.headers))).not.toThrow();

    await sleep(100);
    expect(await runDueDeliveries(t.store.sql, opts)).toEqual([]);
    expect(rx.hits).toHaveLength(3);
  });

  it('waits on the real schedule by default: 5 s after the first failure', async () => {
    const { pid } = await project();
    rx.answer({ status: 500 });
    const { delivery_id } = await publishArticle(t.store.sql, pid, articleInput('default-schedule', 'Default schedule'));
    await runDueDeliveries(t.store.sql, { config: opts.config, policy: opts.policy });
    const d = await delivery(delivery_id!);
    expect(d.status).toBe('pending');
    expect(d.due_in_ms).toBeGreaterThan(4000);
    expect(d.due_in_ms).toBeLessThanOrEqual(5000);
  });

  it('marks the delivery failed after the last try of the schedule', async () => {
    const { pid } = await project();
    rx.answer({ status: 500 });
    const { delivery_id } = await publishArticle(t.store.sql, pid, articleInput('never-ok', 'Never OK'));
    const d = await settle(delivery_id!, { ...opts, schedule: [20, 20] });
    expect(d).toMatchObject({ status: 'failed', attempts: 3, last_status: 500, next_attempt_at: null });
    expect(rx.hits).toHaveLength(3);
  });

  it('disables the endpoint on 410 Gone: the delivery fails and later publishes queue nothing', async () => {
    const { pid } = await project();
    rx.answer({ status: 410 });
    const { delivery_id } = await publishArticle(t.store.sql, pid, articleInput('gone-1', 'Gone 1'));
    const [r] = await runDueDeliveries(t.store.sql, opts);
    expect(r).toMatchObject({ status: 'failed', http_status: 410, endpoint_disabled: true });
    expect(await delivery(delivery_id!)).toMatchObject({ status: 'failed', attempts: 1, last_status: 410 });
    const [p] = await t.store.sql`select webhook_disabled_at, webhook_disabled_reason from projects where id = ${pid}`;
    expect(p!.webhook_disabled_at).toBeInstanceOf(Date);
    expect(p!.webhook_disabled_reason).toMatch(/^410 Gone from http:\/\/127\.0\.0\.1/);

    expect((await publishArticle(t.store.sql, pid, articleInput('gone-2', 'Gone 2'))).delivery_id).toBeUndefined();
    await sleep(60);
    expect(await runDueDeliveries(t.store.sql, opts)).toEqual([]);
    expect(rx.hits).toHaveLength(1);

    // Setting the endpoint again re-enables it.
    await configureEndpoint(t.store.sql, pid, { url: rx.url }, readConfig());
    expect((await publishArticle(t.store.sql, pid, articleInput('gone-3', 'Gone 3'))).delivery_id).toMatch(/^msg_/);
  });

  it('honours Retry-After on 429 and 503 but not on 500', async () => {
    const { pid } = await project();
    rx.answer({ status: 429, headers: { 'retry-after': '120' } });
    const a = (await publishArticle(t.store.sql, pid, articleInput('busy-429', 'Busy 429'))).delivery_id!;
    await runDueDeliveries(t.store.sql, { ...opts, ids: [a] });
    const da = await delivery(a);
    expect(da).toMatchObject({ status: 'pending', last_status: 429 });
    expect(da.due_in_ms).toBeGreaterThan(118_000);
    expect(da.due_in_ms).toBeLessThanOrEqual(120_000);

    rx.answer({ status: 503, headers: { 'retry-after': new Date(Date.now() + 600_000).toUTCString() } });
    const b = (await publishArticle(t.store.sql, pid, articleInput('busy-503', 'Busy 503'))).delivery_id!;
    await runDueDeliveries(t.store.sql, { ...opts, ids: [b] });
    expect((await delivery(b)).due_in_ms).toBeGreaterThan(590_000);

    rx.answer({ status: 500, headers: { 'retry-after': '120' } });
    const c = (await publishArticle(t.store.sql, pid, articleInput('busy-500', 'Busy 500'))).delivery_id!;
    await runDueDeliveries(t.store.sql, { ...opts, ids: [c] });
    expect((await delivery(c)).due_in_ms).toBeLessThanOrEqual(40);
  });

  it('does not follow redirects: a 3xx is a failed attempt', async () => {
    const { pid } = await project();
    rx.answer({ status: 302, headers: { location: `http://127.0.0.1:${rx.port}/elsewhere` } });
    const { delivery_id } = await publishArticle(t.store.sql, pid, articleInput('moved', 'Moved'));
    // One round (as in the retry test above): the 40 ms retry must not come round within this call.
    const [r] = await runDueDeliveries(t.store.sql, { ...opts, ids: [delivery_id!] });
    expect(r).toMatchObject({ status: 'pending', http_status: 302, error: 'HTTP 302 (redirects are not followed)' });
    expect(rx.hits.map((h) => h.path)).toEqual(['/hooks/skribra']);
    expect(await delivery(delivery_id!)).toMatchObject({ status: 'pending', last_status: 302 });
  });

  it('counts a slow answer as a failure (no 2xx within the timeout)', async () => {
    const { pid } = await project();
    rx.answer({ status: 204, delayMs: 800 });
    const { delivery_id } = await publishArticle(t.store.sql, pid, articleInput('slow', 'Slow'));
    const [r] = await runDueDeliveries(t.store.sql, { ...opts, timeoutMs: 200 });
    expect(r).toMatchObject({ status: 'pending', error: 'no response within 0.2 s' });
    expect(await delivery(delivery_id!)).toMatchObject({ status: 'pending', last_status: null, last_error: 'no response within 0.2 s' });
  });

  it('delivers after a crash between commit and send, and after a worker died holding its claim', async () => {
    const { pid, secret } = await project();
    // Committed, never sent: the process that published died before its first attempt.
    const a = (await publishArticle(t.store.sql, pid, articleInput('crash-a', 'Crash A'))).delivery_id!;
    expect(rx.hits).toHaveLength(0);
    // Claimed by a worker that died mid-send: its lease runs out, then another worker takes it over.
    const b = (await publishArticle(t.store.sql, pid, articleInput('crash-b', 'Crash B'))).delivery_id!;
    const claimed = await claimDue(t.store.sql, { limit: 10, leaseMs: 60_000, ids: [b] });
    expect(claimed.map((c) => c.id)).toEqual([b]);
    expect(await runDueDeliveries(t.store.sql, { ...opts, ids: [b] })).toEqual([]); // still held

    // "Restart": a fresh worker run.
    const first = await runDueDeliveries(t.store.sql, opts);
    expect(first.map((r) => [r.id, r.status])).toEqual([[a, 'delivered']]);
    // The lease runs out (time passes for the row), and the next run takes the delivery over.
    await t.store.sql`update webhook_deliveries set next_attempt_at = now() where id = ${b}`;
    const second = await runDueDeliveries(t.store.sql, opts);
    expect(second.map((r) => [r.id, r.status, r.attempts])).toEqual([[b, 'delivered', 2]]);
    expect(rx.hits.map((h) => h.headers['webhook-id'])).toEqual([a, b]);
    for (const h of rx.hits) expect(() => new Webhook(secret).verify(h.body, headersOf(h.headers))).not.toThrow();
  });

  it('never lets two workers send the same delivery (FOR UPDATE SKIP LOCKED)', async () => {
    const { pid } = await project();
    rx.answer({ status: 204, delayMs: 30 });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await publishArticle(t.store.sql, pid, articleInput(`race-${i}`, `Race ${i}`))).delivery_id!);
    const runs = await Promise.all([1, 2, 3].map(() => runDueDeliveries(t.store.sql, { ...opts, batch: 3 })));
    const sent = runs.flat().map((r) => r.id);
    expect(sent.sort()).toEqual([...ids].sort());
    expect(rx.hits.map((h) => h.headers['webhook-id']).sort()).toEqual([...ids].sort());
    expect(runs.filter((r) => r.length > 0).length).toBeGreaterThan(1); // the work really was shared
  });

  it('signs with both secrets during a rotation, each verifying on its own', async () => {
    const { pid, secret: old } = await project();
    const rotated = await configureEndpoint(t.store.sql, pid, { rotateSecret: true }, readConfig());
    expect(rotated).toMatchObject({ rotated: true, url: rx.url });
    expect(rotated!.secret).not.toBe(old);
    expect(Date.parse(rotated!.previous_secret_until!) - Date.now()).toBeGreaterThan(23.9 * 3600e3);
    await publishArticle(t.store.sql, pid, articleInput('rotated', 'Rotated'));
    await runDueDeliveries(t.store.sql, opts);
    const h = rx.hits[0]!;
    const sigs = String(h.headers['webhook-signature']).split(' ');
    expect(sigs).toHaveLength(2);
    for (const s of [old, rotated!.secret!])
      expect(new Webhook(s).verify(h.body, headersOf(h.headers))).toMatchObject({ type: 'article.published' });

    // Once the overlap is over, only the new secret signs.
    await t.store.sql`update projects set webhook_previous_secret_until = now() - interval '1 second' where id = ${pid}`;
    await publishArticle(t.store.sql, pid, articleInput('rotated-later', 'Rotated later'));
    await runDueDeliveries(t.store.sql, opts);
    const later = rx.hits[1]!;
    expect(String(later.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => new Webhook(old).verify(later.body, headersOf(later.headers))).toThrow();
    expect(() => new Webhook(rotated!.secret!).verify(later.body, headersOf(later.headers))).not.toThrow();
  });

  it('records a refused target with the reason and sends nothing', async () => {
    const { pid } = await project();
    const { delivery_id } = await publishArticle(t.store.sql, pid, articleInput('inward', 'Inward'));
    const [r] = await runDueDeliveries(t.store.sql, {
      config: opts.config,
      schedule: FAST,
      policy: { allowHttp: false, allowPrivate: false },
    });
    expect(r).toMatchObject({ id: delivery_id, status: 'pending' });
    expect((await delivery(delivery_id!)).last_error).toBe(
      'refused: 127.0.0.1 is a loopback address; SKRIBRA_WEBHOOK_ALLOW_PRIVATE=1 allows it for local development (in the environment of both the CLI and npm start)',
    );

    // A name whose DNS answer points inward is refused the same way.
    await configureEndpoint(t.store.sql, pid, { url: `http://hooks.customer.example:${rx.port}/hooks/skribra` }, readConfig());
    await sleep(50);
    const resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    await runDueDeliveries(t.store.sql, {
      config: opts.config,
      schedule: FAST,
      policy: { allowHttp: true, allowPrivate: false },
      resolver,
    });
    expect((await delivery(delivery_id!)).last_error).toMatch(
      /^refused: hooks\.customer\.example resolves to 127\.0\.0\.1, which is a loopback address/,
    );
    expect(rx.hits).toHaveLength(0);

    // With private targets allowed, the same name is sent to the address the resolver gave, Host kept.
    await sleep(50);
    await runDueDeliveries(t.store.sql, { ...opts, resolver });
    expect(rx.hits).toHaveLength(1);
    expect(rx.hits[0]!.headers.host).toBe(`hooks.customer.example:${rx.port}`);
  });

  it('fails queued deliveries whose endpoint was removed', async () => {
    const { pid } = await project();
    const { delivery_id } = await publishArticle(t.store.sql, pid, articleInput('orphan', 'Orphan'));
    await configureEndpoint(t.store.sql, pid, { off: true }, readConfig());
    const [r] = await runDueDeliveries(t.store.sql, opts);
    expect(r).toMatchObject({ id: delivery_id, status: 'failed', error: 'no endpoint is configured for the project' });
    expect(rx.hits).toHaveLength(0);
  });

  it('aborts an attempt still in flight after the grace on stop, and retries it later with the same id', async () => {
    const { pid } = await project();
    rx.answer({ status: 204, delayMs: 1500 });
    const timer = startWebhookTimer(t.store.sql, { ...opts, intervalMs: 30, graceMs: 100, log: () => {} });
    const { delivery_id } = await publishArticle(t.store.sql, pid, articleInput('cut-short', 'Cut short'));
    await rx.waitFor(1);
    const started = Date.now();
    await timer.stop();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await delivery(delivery_id!)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'the worker stopped before the answer came',
    });
    rx.answer({ status: 204 });
    expect(await settle(delivery_id!)).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(rx.hits.map((h) => h.headers['webhook-id'])).toEqual([delivery_id, delivery_id]);
  });

  it('runs on a timer (the local origin) and stops cleanly', async () => {
    const { pid } = await project();
    const lines: string[] = [];
    const timer = startWebhookTimer(t.store.sql, { ...opts, intervalMs: 30, log: (l) => lines.push(l) });
    const { delivery_id } = await publishArticle(t.store.sql, pid, articleInput('timed', 'Timed'));
    await rx.waitFor(1);
    await timer.stop(); // lets the attempt in flight finish: the 2xx is recorded, not turned into a retry
    expect((await delivery(delivery_id!)).status).toBe('delivered');
    await sleep(60);
    expect(rx.hits).toHaveLength(1);
    expect(lines.some((l) => l.includes(delivery_id!) && l.includes('-> delivered (HTTP 204)'))).toBe(true);
  });
});
