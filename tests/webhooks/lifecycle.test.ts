// Lifecycle events end to end, on a real store and a real receiver on loopback: an endpoint subscribed to all four
// hears of every change of an article, signed and in sequence order; one with no subscription hears only the first
// publish (the spec's default); across a kill -9 of the worker mid-delivery nothing is lost or acknowledged twice.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { api, articleInput, bearer, openTestStore, uniq, type TestStore } from '../content/helpers.ts';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { publishArticle, updateArticleState } from '../../src/store/repos/articles.ts';
import { updateArticleFields } from '../../src/store/repos/article-fields.ts';
import { configureEndpoint } from '../../src/request/webhooks/configure-endpoint.ts';
import { readConfig } from '../../src/model/config.ts';
import { runDueDeliveries, type WorkerOptions } from '../../src/request/webhooks/run-deliveries.ts';
import { webhookPayloads, ARTICLE_EVENTS, type ArticleEvent } from '../../src/model/schemas/webhook-events.ts';
import { startReceiver, type Receiver } from './receiver.ts';

let t: TestStore;
let rx: Receiver;
const opts: WorkerOptions = { config: readConfig(), schedule: [40, 40, 40], policy: { allowHttp: false, allowPrivate: true } };
beforeAll(async () => {
  t = await openTestStore();
  rx = await startReceiver();
});
afterAll(async () => {
  await rx?.close();
  await t?.close();
});
afterEach(async () => {
  await t.store.sql`update webhook_deliveries set status = 'failed', next_attempt_at = null where status in ('pending', 'sending')`;
  rx.hits.length = 0;
  rx.answer({ status: 204 });
});

async function project(events?: ArticleEvent[] | null) {
  const acc = await createAccount(t.store.sql, uniq('acc'));
  const pid = await createProject(t.store.sql, { accountId: acc.account_id, name: 'Hooked', apiEnabled: true });
  const ep = await configureEndpoint(t.store.sql, pid, { url: rx.url, events }, readConfig());
  return { pid, key: acc.api_key, secret: ep!.secret! };
}

/** Every received body, verified as a receiver would with the standardwebhooks package, and checked by its schema. */
function verified(secret: string) {
  const wh = new Webhook(secret);
  return rx.hits.map((h) => {
    const body = wh.verify(h.body, Object.fromEntries(Object.entries(h.headers).map(([k, v]) => [k, String(v)]))) as { type: ArticleEvent };
    webhookPayloads[body.type].parse(body);
    return { ...body, id: String(h.headers['webhook-id']) } as any;
  });
}

/** The six changes of one article's life. */
async function life(pid: string) {
  const sql = t.store.sql;
  await publishArticle(sql, pid, articleInput('lifecycle', 'Lifecycle'));
  await updateArticleFields(sql, pid, 'lifecycle', { title: 'Lifecycle, edited' });
  await updateArticleState(sql, pid, 'lifecycle', { noindex: true });
  await updateArticleState(sql, pid, 'lifecycle', { unpublished: true });
  await publishArticle(sql, pid, articleInput('lifecycle', 'Lifecycle, back'));
  await updateArticleState(sql, pid, 'lifecycle', { redirect_to: 'https://on.example/merged/', redirect_type: 'permanent' });
}

describe('lifecycle webhook events', () => {
  it('an endpoint subscribed to all four gets one signed event per change, in sequence order, matching the API and the feed', async () => {
    const { pid, key, secret } = await project([...ARTICLE_EVENTS]);
    await life(pid);
    await runDueDeliveries(t.store.sql, opts);
    const events = verified(secret).sort((a, b) => a.sequence - b.sequence);
    expect(events.map((e) => e.type)).toEqual([
      'article.published',
      'article.updated',
      'article.updated',
      'article.unpublished',
      'article.published',
      'article.redirected',
    ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(6);
    expect(events.map((e) => e.data.title ?? e.data.reason)).toEqual([
      'Lifecycle',
      'Lifecycle, edited',
      'Lifecycle, edited',
      'unpublished',
      'Lifecycle, back',
      'redirected',
    ]);
    expect(events[2].data.noindex).toBe(true);
    expect(events[3].data).toEqual({ id: events[0].data.id, slug: 'lifecycle', reason: 'unpublished' });
    expect(events[5].data).toEqual({
      id: events[0].data.id,
      slug: 'lifecycle',
      reason: 'redirected',
      redirect_to: 'https://on.example/merged/',
      redirect_type: 'permanent',
    });
    // The sequence is the sync feed's: the last event's is where a full sync of the project now stands.
    const [{ seq }] = await t.store.sql`select seq::int from article_changes where project_id = ${pid}`;
    expect(events.at(-1).sequence).toBe(seq);
    // A published event's data is what the detail route answered at that moment (the article is redirected now, so
    // the comparison is with the re-publish event's own fields).
    const get = api(t.store);
    await updateArticleState(t.store.sql, pid, 'lifecycle', { redirect_to: null, redirect_type: null });
    const detail = (await get(`/v1/articles/lifecycle?projectId=${pid}`, bearer(key))).body.data;
    expect(Object.keys(events[4].data).sort()).toEqual(Object.keys(detail).sort());
  });

  it('an endpoint with no subscription gets only the first article.published, as the spec says', async () => {
    const { pid, secret } = await project();
    await life(pid);
    await runDueDeliveries(t.store.sql, opts);
    expect(verified(secret).map((e) => e.type)).toEqual(['article.published']);
    const { pid: other, secret: s2 } = await project(['article.unpublished']);
    rx.hits.length = 0;
    await life(other);
    await runDueDeliveries(t.store.sql, opts);
    expect(verified(s2).map((e) => e.type)).toEqual(['article.unpublished']);
  });

  it('across a kill -9 of the worker mid-delivery, every event arrives, each acknowledged once, in order', async () => {
    const { pid, secret } = await project([...ARTICLE_EVENTS]);
    await life(pid);
    // The receiver holds its first answer, so the worker is killed with that event in flight.
    rx.answer({ status: 204, delayMs: 60_000 }, { status: 204 });
    const child = spawn(process.execPath, [resolve(import.meta.dirname, 'worker-child.ts')], {
      env: { ...process.env, ...t.env, LEASE_MS: '1500' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((r) => child.on('exit', r));
    await rx.waitFor(1, 20_000);
    child.kill('SIGKILL');
    await exited;
    const inFlight = String(rx.hits[0]!.headers['webhook-id']);
    // The dead worker's claim runs out, and the next worker sends what it left, the in-flight one again (same id).
    await new Promise((r) => setTimeout(r, 1600));
    for (let i = 0; i < 20 && rx.hits.length < 7; i++) {
      await runDueDeliveries(t.store.sql, opts);
      await new Promise((r) => setTimeout(r, 50));
    }
    const all = verified(secret);
    // Seven requests: the one the kill cut off (never acknowledged), then each of the six events once, the cut-off
    // one again under its same webhook-id (the receiver's idempotency key).
    expect(all).toHaveLength(7);
    const acked = all.slice(1);
    expect(new Set(acked.map((e) => e.id)).size).toBe(6);
    expect(acked.map((e) => e.id)).toContain(inFlight);
    expect(acked.sort((a, b) => a.sequence - b.sequence).map((e) => e.type)).toEqual([
      'article.published',
      'article.updated',
      'article.updated',
      'article.unpublished',
      'article.published',
      'article.redirected',
    ]);
    const rows = await t.store.sql`select status, count(*)::int as n from webhook_deliveries where project_id = ${pid} group by 1`;
    expect(rows).toEqual([{ status: 'delivered', n: 6 }]);
  }, 60_000);
});
