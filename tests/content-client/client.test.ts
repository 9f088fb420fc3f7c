// @skribra/content against the content API over real HTTP on a real store: every method, conditional requests
// (memory and file caches), retries of 429/503 and dropped connections, typed errors in both body forms, webhook
// verification of a real delivery, the browser refusal, and the generated types being current.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { articleInput, fixture, openTestStore, type TestStore } from '../content/helpers.ts';
import { publishArticle, updateArticleState } from '../../src/store/repos/articles.ts';
import { configureEndpoint } from '../../src/request/webhooks/configure-endpoint.ts';
import { readConfig } from '../../src/model/config.ts';
import { runDueDeliveries } from '../../src/request/webhooks/run-deliveries.ts';
import { startReceiver } from '../webhooks/receiver.ts';
import {
  createClient,
  SkribraError,
  verifyWebhook,
  type WebhookVerificationError,
  type OwnArticleCard,
} from '../../packages/content-client/src/index.ts';
import { fileCache } from '../../packages/content-client/src/file-cache.ts';
import { generateTypes, OUT } from '../../packages/content-client/scripts/generate-types.ts';
import { endpointsOf } from '../../src/model/endpoints/registry.ts';
import { serveContentApi, startProxy, type Proxy as RecordingProxy, type Served } from './served-api.ts';

let t: TestStore;
let api: Served;
let proxy: RecordingProxy;
let f: Awaited<ReturnType<typeof fixture>>;
const BIG = { list: { hour: 100_000, day: 100_000 }, detail: { hour: 100_000, day: 100_000 } };
const FAST = { retries: 3, baseDelayMs: 20, maxDelayMs: 5_000 };

beforeAll(async () => {
  t = await openTestStore();
  api = await serveContentApi(t.store.sql, { limits: BIG });
  proxy = await startProxy(api.url);
  f = await fixture(t.store, 3);
});
afterAll(async () => {
  await proxy?.close();
  await api?.close();
  await t?.close();
});

const client = (o: Partial<Parameters<typeof createClient>[0]> = {}) =>
  createClient({ apiKey: f.key, baseUrl: proxy.url, retry: FAST, ...o });
const requests = () => proxy.log.splice(0);
const thrown = async (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e) => e,
  );

describe('@skribra/content', () => {
  it("takes the site root or the spec's {content_api_url} (…/v1, with or without a slash) as baseUrl", async () => {
    requests();
    for (const baseUrl of [proxy.url, `${proxy.url}/`, `${proxy.url}/v1`, `${proxy.url}/v1/`]) {
      expect((await client({ baseUrl }).projects()).map((p) => p.id)).toEqual([f.on, f.off]);
    }
    expect(requests().map((r) => `${r.status} ${r.path}`)).toEqual(Array(4).fill('200 /v1/projects'));
  });

  it('lists projects', async () => {
    expect(await client().projects()).toEqual([
      { id: f.on, name: 'On', url: 'https://on.example', api_enabled: true },
      { id: f.off, name: 'Off', api_enabled: false },
    ]);
  });

  it('lists a page with options, and iterates every page with articles.all', async () => {
    requests();
    const page = await client().articles.list(f.on, { limit: 2, sort: 'title', order: 'asc', updatedSince: new Date(0) });
    expect(requests().map((r) => r.path)).toEqual([
      `/v1/articles?projectId=${f.on}&limit=2&sort=title&order=asc&updatedSince=1970-01-01T00%3A00%3A00.000Z`,
    ]);
    expect(page.pagination).toEqual({ page: 1, limit: 2, total: 3, total_pages: 2, has_more: true });
    expect(page.items.map((a) => a.title)).toEqual([...page.items.map((a) => a.title)].sort());

    const g = await fixture(t.store, 0);
    for (let i = 0; i < 205; i++) await publishArticle(t.store.sql, g.on, articleInput(`many-${i}`, `Many ${i}`));
    const c = createClient({ apiKey: g.key, baseUrl: proxy.url, retry: FAST });
    const seen: OwnArticleCard[] = [];
    for await (const a of c.articles.all(g.on)) seen.push(a);
    expect(seen).toHaveLength(205);
    expect(new Set(seen.map((a) => a.slug)).size).toBe(205);
    expect(requests().map((r) => new URL(r.path, 'http://x').searchParams.get('page'))).toEqual(['1', '2', '3']);
  });

  it('gets an article as render, noindex, redirect (permanent or not) or gone', async () => {
    const c = client();
    await publishArticle(t.store.sql, f.on, articleInput('hidden-one', 'Hidden', { noindex: true }));
    await publishArticle(
      t.store.sql,
      f.on,
      articleInput('moved-for-good', 'Moved', { redirect_to: 'https://on.example/new', redirect_type: 'permanent' }),
    );
    await publishArticle(t.store.sql, f.on, articleInput('moved-for-now', 'Moved', { redirect_to: 'https://on.example/tmp' }));
    await publishArticle(t.store.sql, f.on, articleInput('taken-down', 'Down'));
    await updateArticleState(t.store.sql, f.on, 'taken-down', { unpublished: true });

    const a = await c.articles.get(f.on, f.slugs[0]!);
    expect(a.kind).toBe('article');
    if (a.kind === 'article') {
      expect(a.noindex).toBe(false);
      expect(a.article).toMatchObject({
        slug: f.slugs[0],
        content_html: expect.stringContaining('<h2>'),
        related_articles: [],
        metadata: { projectId: f.on, userId: f.id },
      });
    }
    expect(await c.articles.get(f.on, 'hidden-one')).toMatchObject({ kind: 'article', noindex: true });
    expect(await c.articles.get(f.on, 'moved-for-good')).toMatchObject({
      kind: 'redirect',
      location: 'https://on.example/new',
      permanent: true,
    });
    expect(await c.articles.get(f.on, 'moved-for-now')).toMatchObject({
      kind: 'redirect',
      location: 'https://on.example/tmp',
      permanent: false,
    });
    expect(await c.articles.get(f.on, 'taken-down')).toEqual({ kind: 'gone' });
    expect(await c.articles.get(f.on, 'never-was')).toEqual({ kind: 'gone' });
    // A missing project is not "gone": it is an error to fix.
    expect(await thrown(c.articles.get('prj_nope', 'x'))).toMatchObject({ status: 404, code: 'project_not_found' });
  });

  it('revalidates with If-None-Match and reuses the stored body on 304 (memory cache)', async () => {
    const c = client();
    requests();
    const first = await c.articles.list(f.on);
    const again = await c.articles.list(f.on);
    expect(again).toEqual(first);
    const [r1, r2] = requests();
    expect(r1).toMatchObject({ status: 200, ifNoneMatch: undefined });
    expect(r2!.status).toBe(304);
    expect(r2!.ifNoneMatch).toMatch(/^"[\w-]+"$/);
  });

  it('keeps responses between runs with the file cache: a second build re-downloads nothing unchanged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skribra-client-cache-'));
    try {
      const build = async () => {
        const c = client({ cache: fileCache(join(dir, 'nested')) });
        const out = [];
        for await (const card of c.articles.all(f.on)) out.push(await c.articles.get(f.on, card.slug));
        return out;
      };
      requests();
      const one = await build();
      expect(requests().every((r) => r.status === 200)).toBe(true);
      expect(readdirSync(join(dir, 'nested')).filter((n) => n.endsWith('.json')).length).toBe(one.length + 1);
      const two = await build();
      expect(two).toEqual(one);
      const log = requests();
      expect(log.length).toBe(one.length + 1);
      expect(log.every((r) => r.status === 304)).toBe(true);
      // One article edited: exactly its detail (and the list page) come back with a body.
      await publishArticle(t.store.sql, f.on, articleInput(f.slugs[1]!, 'Edited for the cache'));
      await build();
      expect(
        requests()
          .filter((r) => r.status === 200)
          .map((r) => new URL(r.path, 'http://x').pathname),
      ).toEqual(['/v1/articles', `/v1/articles/${f.slugs[1]}`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('waits out Retry-After on 429 and 503, backs off on a 503 without it and on a dropped connection', async () => {
    const waits: { status?: number; delayMs: number }[] = [];
    const c = client({ onRetry: (i) => waits.push({ status: i.status, delayMs: i.delayMs }) });
    requests();
    proxy.faults.push({ status: 429, headers: { 'retry-after': '1' }, body: '{"code":"rate_limited","message":"Slow down."}' });
    const started = Date.now();
    expect((await c.projects()).length).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    proxy.faults.push({ status: 503, headers: { 'retry-after': '1' } }, { status: 503 }, 'drop');
    expect((await c.projects()).length).toBe(2);
    expect(requests().map((r) => r.status)).toEqual([429, 200, 503, 503, 0, 304]);
    expect(waits.map((w) => w.status)).toEqual([429, 503, 503, undefined]);
    expect(waits[0]!.delayMs).toBeGreaterThanOrEqual(1000);
    expect(waits[0]!.delayMs).toBeLessThan(1300); // jitter is bounded
    expect(waits[1]!.delayMs).toBeGreaterThanOrEqual(1000);
    expect(waits[2]!.delayMs).toBeLessThan(1000); // backoff from 20 ms
    // Out of retries: the last answer is thrown, typed.
    proxy.faults.push(
      ...Array.from({ length: 4 }, () => ({
        status: 503,
        body: '{"code":"unavailable","message":"The content store is unavailable; retry shortly."}',
      })),
    );
    expect(await thrown(c.projects())).toMatchObject({
      name: 'SkribraError',
      status: 503,
      code: 'unavailable',
      message: 'The content store is unavailable; retry shortly.',
    });
    proxy.faults.push('drop', 'drop', 'drop', 'drop');
    expect(await thrown(c.projects())).toMatchObject({ status: 0, code: 'network_error' });
    requests();
  });

  it("throws the real rate limiter's 429 at once when its Retry-After is past the bound", async () => {
    const limited = await serveContentApi(t.store.sql, { limits: { list: { hour: 1, day: 1000 } } });
    const fresh = await fixture(t.store, 0); // its own account: the counters are per account
    try {
      const c = createClient({ apiKey: fresh.key, baseUrl: limited.url, retry: { retries: 3, maxDelayMs: 2000 } });
      await c.projects();
      const started = Date.now();
      const err = await thrown(c.projects());
      expect(err).toBeInstanceOf(SkribraError);
      expect(err).toMatchObject({ status: 429, code: 'rate_limited' });
      expect(err.retryAfter).toBeGreaterThan(2);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await limited.close();
    }
  });

  it('throws typed errors for 401, 403 and 404, and reads the nested error form too', async () => {
    expect(await thrown(createClient({ apiKey: 'sk_wrong', baseUrl: proxy.url }).projects())).toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
    expect(await thrown(client().articles.list(f.off))).toMatchObject({ status: 403, code: 'project_api_disabled' });
    expect(await thrown(client().articles.list('prj_elsewhere'))).toMatchObject({ status: 404, code: 'project_not_found' });
    proxy.faults.push({ status: 400, body: '{"error":{"code":"invalid_query","message":"Query parameter \\"limit\\" is bad."}}' });
    expect(await thrown(client().projects())).toMatchObject({
      status: 400,
      code: 'invalid_query',
      message: 'Query parameter "limit" is bad.',
    });
    proxy.faults.push({ status: 502, body: '<html>Bad gateway</html>' });
    expect(await thrown(client().projects())).toMatchObject({ status: 502, code: 'http_502' });
  });

  it('verifies a real webhook delivery, and refuses a tampered, replayed or foreign one', async () => {
    const rx = await startReceiver();
    try {
      const ep = await configureEndpoint(t.store.sql, f.on, { url: rx.url }, readConfig());
      await publishArticle(t.store.sql, f.on, articleInput('webhook-news', 'Webhook news'));
      await runDueDeliveries(t.store.sql, { config: readConfig(), policy: { allowHttp: false, allowPrivate: true } });
      const [hit] = await rx.waitFor(1);
      const payload = await verifyWebhook(hit!.body, hit!.headers as Record<string, string>, ep!.secret!);
      expect(payload).toMatchObject({ type: 'article.published', data: { slug: 'webhook-news', metadata: { projectId: f.on } } });
      // A Headers object works as well as Node's header record.
      expect(
        (await verifyWebhook(new TextEncoder().encode(hit!.body), new Headers(hit!.headers as Record<string, string>), ep!.secret!)).data
          .slug,
      ).toBe('webhook-news');
      const code = async (p: Promise<unknown>) => ((await thrown(p)) as WebhookVerificationError).code;
      expect(
        await code(verifyWebhook(hit!.body.replace('Webhook news', 'Webhook newz'), hit!.headers as Record<string, string>, ep!.secret!)),
      ).toBe('invalid_signature');
      expect(
        await code(verifyWebhook(hit!.body, hit!.headers as Record<string, string>, `whsec_${btoa('another secret of 24+ bytes!!')}`)),
      ).toBe('invalid_signature');
      expect(
        await code(verifyWebhook(hit!.body, hit!.headers as Record<string, string>, ep!.secret!, { now: new Date(Date.now() + 600_000) })),
      ).toBe('timestamp_out_of_range');
      expect(await code(verifyWebhook(hit!.body, {}, ep!.secret!))).toBe('missing_headers');
    } finally {
      await configureEndpoint(t.store.sql, f.on, { off: true }, readConfig());
      await rx.close();
    }
  });

  it('refuses to run in a browser', () => {
    const g = globalThis as Record<string, unknown>;
    g.window = {};
    g.document = {};
    try {
      expect(() => createClient({ apiKey: 'k' })).toThrow(/servers only/);
    } finally {
      delete g.window;
      delete g.document;
    }
  });

  it('ships types generated from the server schemas, and they are current', async () => {
    expect(readFileSync(OUT, 'utf8')).toBe(await generateTypes());
  });

  it('has one method per documented content endpoint of the registry, answering as the endpoint does', async () => {
    const documented = endpointsOf('content').filter((e) => e.doc && e.output);
    const c = client();
    expect(Object.keys(c.api)).toEqual(documented.map((e) => e.id));
    expect(await c.api.listOwnProjects()).toEqual({ data: { items: await c.projects() } });
    expect((await c.api.listOwnArticles({ projectId: f.on, limit: 2 })).data).toEqual(await c.articles.list(f.on, { limit: 2 }));
    const [card] = (await c.articles.list(f.on)).items;
    const got = await c.articles.get(f.on, card!.slug);
    expect((await c.api.getOwnArticle({ projectId: f.on, slug: card!.slug })).data).toEqual(got.kind === 'article' && got.article);
    for (const e of documented) {
      const answer = await c.api[e.id as keyof typeof c.api]({ projectId: f.on, slug: card!.slug } as never);
      expect(e.output!().safeParse(answer).success, e.id).toBe(true);
    }
  });

  // Needs GET /v1/sync registered in src/request/api (src/request/api/content/sync-feed.ts); runs by itself once it is.
  it('syncs: the full state, then exactly what changed, including removals', async () => {
    const g = await fixture(t.store, 0);
    for (const s of ['a', 'b', 'c']) await publishArticle(t.store.sql, g.on, articleInput(`sync-${s}`, `Sync ${s}`));
    const c = createClient({ apiKey: g.key, baseUrl: proxy.url, retry: FAST });
    const first = await c.sync(g.on, { limit: 2 });
    expect(first.upserted.map((a) => a.slug)).toEqual(['sync-a', 'sync-b', 'sync-c']);
    // Whole articles: the same object articles.get gives, so a site needs no detail request.
    const got = await c.articles.get(g.on, 'sync-a');
    expect(got.kind === 'article' && got.article).toEqual(first.upserted[0]);
    expect(first.removed).toEqual([]);
    await updateArticleState(t.store.sql, g.on, 'sync-a', { unpublished: true });
    await publishArticle(t.store.sql, g.on, articleInput('sync-b', 'Sync b, edited'));
    await updateArticleState(t.store.sql, g.on, 'sync-c', { redirect_to: 'https://on.example/c' });
    requests();
    const next = await c.sync(g.on, { cursor: first.cursor });
    expect(next.upserted.map((a) => `${a.slug} ${a.title}`)).toEqual(['sync-b Sync b, edited']);
    expect(next.removed.map((r) => `${r.slug} ${r.reason} ${r.redirect_to ?? ''}`)).toEqual([
      'sync-a unpublished ',
      'sync-c redirected https://on.example/c',
    ]);
    expect(requests()).toHaveLength(1);
    // Caught up: the same question again is a 304, answered from the cache.
    const quiet = await c.sync(g.on, { cursor: next.cursor });
    expect(quiet).toEqual({ upserted: [], removed: [], cursor: next.cursor });
    await c.sync(g.on, { cursor: next.cursor });
    expect(requests().map((r) => r.status)).toEqual([200, 304]);
    // Another project's cursor is refused with a typed error naming the parameter.
    const err = await thrown(client().sync(f.on, { cursor: next.cursor }));
    expect(err).toMatchObject({ status: 400, code: 'invalid_query' });
    expect(err.message).toMatch(/^Query parameter "cursor"/);
  });
});
