// The webhook operator commands through the CLI (its main() in this process; the first publish, whose delivery the
// CLI makes itself, through the real bin in a child process), against the test store and a loopback receiver
// (SKRIBRA_WEBHOOK_ALLOW_PRIVATE=1, as in local development).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { openTestStore, type TestStore } from '../content/helpers.ts';
import { startReceiver, type Receiver } from './receiver.ts';
import { skribra, skribraProcess } from '../helpers/cli.ts';

const files = mkdtempSync(join(tmpdir(), 'skribra-webhook-cli-'));
let t: TestStore;
let rx: Receiver;

/** The CLI's main() in this process; cliProcess runs the real bin in a child process. */
const cli = (env: Record<string, string>, ...args: string[]) => skribra(args, { ...t.env, SKRIBRA_WEBHOOK_ALLOW_PRIVATE: '1', ...env });
const cliProcess = (...args: string[]) => skribraProcess(args, { ...t.env, SKRIBRA_WEBHOOK_ALLOW_PRIVATE: '1' });
const sk = (...args: string[]) => cli({}, ...args);
const article = (slug: string) => {
  const f = join(files, `${slug}.json`);
  writeFileSync(f, JSON.stringify({ title: `About ${slug}`, slug, content_html: `<p>${slug}</p>` }));
  return f;
};
const headersOf = (h: Record<string, unknown>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k, String(v)]));

beforeAll(async () => {
  t = await openTestStore();
  rx = await startReceiver();
});
afterAll(async () => {
  await rx?.close();
  await t?.close();
});

describe('skribra webhook commands', () => {
  it('sets an endpoint, delivers at publish, lists, redelivers, tests, rotates and removes', async () => {
    const acc = await sk('account', 'create', '--name', 'Hook Co', '--json');
    const pid = (await sk('project', 'create', '--account', acc.out.account_id, '--name', 'Blog', '--json')).out.project_id;

    const hook = await sk('project', 'webhook', '--project', pid, '--url', rx.url, '--json');
    expect(hook.code).toBe(0);
    expect(hook.out).toMatchObject({ project_id: pid, url: rx.url, rotated: false, previous_secret_until: null });
    const secret = hook.out.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // Changing nothing but the URL keeps the secret receivers verify with.
    expect((await sk('project', 'webhook', '--project', pid, '--url', rx.url, '--json')).out.secret).toBe(secret);

    // article publish: queued with the publish, first attempt made by the CLI itself.
    const pub = await cliProcess('article', 'publish', '--project', pid, '--file', article('first-post'), '--json');
    expect(pub.code).toBe(0);
    expect(pub.out.webhook).toMatchObject({
      delivery_id: expect.stringMatching(/^msg_/),
      status: 'delivered',
      http_status: 204,
      attempts: 1,
    });
    expect(rx.hits).toHaveLength(1);
    const event = new Webhook(secret).verify(rx.hits[0]!.body, headersOf(rx.hits[0]!.headers)) as any;
    expect(event).toMatchObject({
      type: 'article.published',
      data: { slug: 'first-post', title: 'About first-post', metadata: { projectId: pid, userId: acc.out.account_id } },
    });
    // An edit is not a publish event.
    expect((await sk('article', 'publish', '--project', pid, '--file', article('first-post'), '--json')).out.webhook).toBeUndefined();

    // A failing receiver: the CLI reports it and leaves the retry to the worker.
    rx.answer({ status: 503, body: 'maintenance' });
    const failed = await sk('article', 'publish', '--project', pid, '--file', article('second-post'));
    expect(failed.code).toBe(0);
    expect(failed.stdout).toMatch(
      /^published second-post \(art_[0-9a-f]+\)\nwebhook msg_[0-9a-f]+: pending \(HTTP 503: maintenance\); next try 20\d\d-/,
    );

    const list = await sk('webhook', 'deliveries', '--project', pid, '--json');
    expect(list.out.deliveries).toEqual([
      expect.objectContaining({
        article: 'second-post',
        event_type: 'article.published',
        status: 'pending',
        attempts: 1,
        last_status: 503,
        last_error: 'HTTP 503: maintenance',
        next_attempt_at: expect.any(String),
      }),
      expect.objectContaining({
        id: pub.out.webhook.delivery_id,
        article: 'first-post',
        status: 'delivered',
        attempts: 1,
        last_error: null,
        next_attempt_at: null,
      }),
    ]);
    const table = (await sk('webhook', 'deliveries', '--project', pid)).stdout.split('\n');
    expect(table[0]).toBe('events: default (article.published, once per article)');
    expect(table[1]).toMatch(/^id\s+event_type\s+sequence\s+article\s+attempts\s+status\s+last_error\s+next_attempt_at$/);
    expect(table[2]).toMatch(/^msg_\S+\s+article\.published\s+\d+\s+second-post\s+1\s+pending\s+HTTP 503: maintenance\s+20\d\d-/);

    // Redeliver: the pending one goes now with the same webhook-id; a delivered one never goes again.
    rx.answer({ status: 200 });
    const pendingId = list.out.deliveries[0].id as string;
    const again = await sk('webhook', 'redeliver', '--delivery', pendingId, '--json');
    // Its first attempt (the 503) stays counted: the redelivery is attempt 2.
    expect(again.out).toMatchObject({ delivery_id: pendingId, status: 'delivered', http_status: 200, attempts: 2 });
    expect(rx.hits.slice(-2).map((h) => h.headers['webhook-id'])).toEqual([pendingId, pendingId]);
    const twice = await sk('webhook', 'redeliver', '--delivery', pendingId);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/already delivered/);
    expect((await sk('webhook', 'redeliver', '--delivery', 'msg_nope')).code).toBe(1);

    // webhook test: a signed webhook.test event, now; a failure exits 1.
    const hits = rx.hits.length;
    const test = await sk('webhook', 'test', '--project', pid, '--json');
    expect(test.out).toMatchObject({ ok: true, http_status: 200, url: rx.url, webhook_id: expect.stringMatching(/^msg_/) });
    expect(new Webhook(secret).verify(rx.hits[hits]!.body, headersOf(rx.hits[hits]!.headers))).toMatchObject({
      type: 'webhook.test',
      data: { project_id: pid },
    });
    rx.answer({ status: 500 });
    const bad = await sk('webhook', 'test', '--project', pid);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/webhook\.test to http:\/\/127\.0\.0\.1:\d+\/hooks\/skribra failed: HTTP 500/);
    rx.answer({ status: 204 });

    // Rotation: a new secret, the old one signing too for 24 h.
    const rot = await sk('project', 'webhook', '--project', pid, '--rotate-secret', '--json');
    expect(rot.out).toMatchObject({ rotated: true, url: rx.url });
    expect(rot.out.secret).not.toBe(secret);
    expect(Date.parse(rot.out.previous_secret_until) - Date.now()).toBeGreaterThan(23.9 * 3600e3);
    await sk('article', 'publish', '--project', pid, '--file', article('third-post'), '--json');
    const last = rx.hits.at(-1)!;
    for (const s of [secret, rot.out.secret])
      expect(new Webhook(s).verify(last.body, headersOf(last.headers))).toMatchObject({ data: { slug: 'third-post' } });

    const off = await sk('project', 'webhook', '--project', pid, '--off', '--json');
    expect(off.out).toMatchObject({ url: null, secret: null });
    expect((await sk('article', 'publish', '--project', pid, '--file', article('fourth-post'), '--json')).out.webhook).toBeUndefined();
  });

  it('refuses inward endpoints unless private targets are allowed, and says why', async () => {
    const acc = await sk('account', 'create', '--name', 'Guarded', '--json');
    const pid = (await sk('project', 'create', '--account', acc.out.account_id, '--name', 'Blog', '--json')).out.project_id;
    const meta = await sk('project', 'webhook', '--project', pid, '--url', 'http://169.254.169.254/latest/meta-data/');
    expect(meta.code).toBe(2);
    expect(meta.stderr).toMatch(/refused --url: 169\.254\.169\.254 is a metadata address/);
    const strict = await cli({ SKRIBRA_WEBHOOK_ALLOW_PRIVATE: '0' }, 'project', 'webhook', '--project', pid, '--url', rx.url);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toMatch(/127\.0\.0\.1 is a loopback address/);

    // Set while allowed, sent while not: the refusal is recorded on the delivery.
    await sk('project', 'webhook', '--project', pid, '--url', rx.url);
    const before = rx.hits.length;
    const pub = await cli(
      { SKRIBRA_WEBHOOK_ALLOW_PRIVATE: '0' },
      'article',
      'publish',
      '--project',
      pid,
      '--file',
      article('guarded'),
      '--json',
    );
    expect(pub.out.webhook).toMatchObject({
      status: 'pending',
      error: expect.stringMatching(/^refused: 127\.0\.0\.1 is a loopback address/),
    });
    expect(rx.hits.length).toBe(before);
    expect((await sk('webhook', 'deliveries', '--project', pid, '--json')).out.deliveries[0].last_error).toMatch(/^refused: /);

    expect((await sk('project', 'webhook', '--project', pid)).code).toBe(2);
    expect((await sk('project', 'webhook', '--project', 'prj_nope', '--url', rx.url)).code).toBe(1);
  });
});

describe('skribra webhook subscriptions', () => {
  it('--events subscribes an endpoint, project show and webhook deliveries name it, every change is sent, webhook test sends any type', async () => {
    const acc = await sk('account', 'create', '--name', 'Events Co', '--json');
    const pid = (await sk('project', 'create', '--account', acc.out.account_id, '--name', 'Blog', '--json')).out.project_id;
    const hook = await sk(
      'project',
      'webhook',
      '--project',
      pid,
      '--url',
      rx.url,
      '--events',
      'article.updated,article.published,article.unpublished',
      '--json',
    );
    expect(hook.out.events).toEqual(['article.published', 'article.updated', 'article.unpublished']);
    const secret = hook.out.secret as string;
    expect((await sk('project', 'show', '--project', pid, '--json')).out.webhook_events).toEqual([
      'article.published',
      'article.updated',
      'article.unpublished',
    ]);
    const bad = await sk('project', 'webhook', '--project', pid, '--events', 'article.deleted');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'skribra: --events: unknown event article.deleted (expected any of article.published, article.updated, article.unpublished, article.redirected, comma-separated, or all, or default)\n',
    );

    const from = rx.hits.length;
    expect((await sk('article', 'publish', '--project', pid, '--file', article('evented'), '--json')).out.webhook.status).toBe('delivered');
    const edit = await sk('article', 'update', '--project', pid, '--slug', 'evented', '--set', 'title=Evented, edited');
    expect(edit.stdout).toMatch(/^updated title of evented\nwebhook msg_\S+: delivered \(HTTP 204\)$/m);
    expect((await sk('article', 'unpublish', '--project', pid, '--slug', 'evented', '--json')).out.webhook.status).toBe('delivered');
    // Not subscribed: a redirect sends nothing.
    expect(
      (await sk('article', 'redirect', '--project', pid, '--slug', 'evented', '--to', 'https://example.com/', '--json')).out.webhook,
    ).toBeUndefined();
    const types = rx.hits.slice(from).map((h) => (new Webhook(secret).verify(h.body, headersOf(h.headers)) as any).type);
    expect(types).toEqual(['article.published', 'article.updated', 'article.unpublished']);
    const listed = await sk('webhook', 'deliveries', '--project', pid, '--json');
    expect(listed.out.events).toEqual(['article.published', 'article.updated', 'article.unpublished']);
    expect(listed.out.deliveries.map((d: any) => d.event_type)).toEqual(['article.unpublished', 'article.updated', 'article.published']);
    const seqs = listed.out.deliveries.map((d: any) => d.sequence);
    expect([...seqs].sort((a: number, b: number) => b - a)).toEqual(seqs);

    const test = await sk('webhook', 'test', '--project', pid, '--event', 'article.redirected', '--json');
    expect(test.out).toMatchObject({ ok: true, event: 'article.redirected' });
    expect(new Webhook(secret).verify(rx.hits.at(-1)!.body, headersOf(rx.hits.at(-1)!.headers))).toMatchObject({
      type: 'article.redirected',
      sequence: 1,
      data: { slug: 'how-to-write-a-meta-description', reason: 'redirected', redirect_type: 'permanent' },
    });
    expect((await sk('webhook', 'test', '--project', pid, '--event', 'all')).code).toBe(2);
    const back = await sk('project', 'webhook', '--project', pid, '--events', 'default', '--json');
    expect(back.out.events).toBeNull();
  });
});
