#!/usr/bin/env node
// `npm run bench:sync`: what building a customer's site from the content API costs, in requests, seconds, bytes and
// rate-limit quota, under the DEFAULT limits (SKRIBRA_RATE_* are cleared here: the figures are what a customer gets).
// 10,000 articles of realistic size (realistic-article.ts: ~10 KB of varied HTML and every field a site reads) in a
// fresh embedded store (or DATABASE_URL); the content API (createContentApi) served over HTTP on loopback by the local
// origin's listen() in a child process, which stamps each answer with Server-Timing; @skribra/content in this one.
//   (a) first build through the feed: whole articles, 100 a page; every upsert checked whole, no detail request
//   (b) today's path: card pages of /v1/articles, then one GET /v1/articles/{slug} per article. The card pages are
//       made; 10,000 details would be refused, so their cost is computed, and details are requested only until the
//       first 429, to show the wall (each answer compared with the feed's article, which must be the same object)
//   (c) incremental after 10 changes (6 edits, 2 unpublished, 2 redirected), from (a)'s cursor
// Then where a feed page's time goes. Prints a table and one `BENCH_SYNC_JSON {...}` line; writes .bench/sync.json.
// BENCH_ARTICLES (10000); BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server child there.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Sql } from 'postgres';
import { openStore } from '../src/store/open-store.ts';
import { createAccount } from '../src/store/repos/accounts.ts';
import { createProject } from '../src/store/repos/projects.ts';
import { publishArticle, updateArticleState } from '../src/store/repos/articles.ts';
import { limitsFrom } from '../src/request/api/content/limits.ts';
import { readConfig } from '../src/model/config.ts';
import { readSyncPage } from '../src/store/repos/sync.ts';
import { SYNC_PAGE_BYTES } from '../src/request/api/content/sync-feed.ts';
import { toOwnArticle } from '../src/store/serialize-article.ts';
import { strongEtag } from '../src/model/core/etag.ts';
import { createClient, SkribraError, type OwnArticle } from '../packages/content-client/src/index.ts';
import { articleSlug, insertRealisticArticles, realisticArticle } from './realistic-article.ts';

for (const k of Object.keys(process.env)) if (k.startsWith('SKRIBRA_RATE_')) delete process.env[k];

if (process.argv[2] === '--serve') {
  const { listen } = await import('../origin/serve.ts');
  const { createContentApi } = await import('../src/request/api/content/create-content-api.ts');
  const config = readConfig();
  const store = await openStore({ config });
  const api = createContentApi({ config, sql: store.sql });
  const server = await listen(
    async (req) => {
      const t = performance.now();
      const res = await api(req);
      res.headers.set('server-timing', `app;dur=${(performance.now() - t).toFixed(2)}`);
      return res;
    },
    0,
    '127.0.0.1',
  );
  process.stdout.write(`PORT=${server.port}\n`);
  process.on('SIGTERM', async () => {
    await server.close();
    await store.close();
    process.exit(0);
  });
} else {
  const root = resolve(import.meta.dirname, '..');
  const N = Number(process.env.BENCH_ARTICLES) || 10_000;
  const limits = limitsFrom(readConfig());
  const loadBefore = loadavg();
  const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'skribra-bench-sync-'));
  if (dataDir) process.env.SKRIBRA_DATA_DIR = dataDir;
  const store = await openStore({ config: readConfig() });
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_CPU_PROF)}`] : [];
  const child = spawn(process.execPath, [...profile, import.meta.filename, '--serve'], {
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const { account_id, api_key } = await createAccount(store.sql, 'Sync bench');
    const projectId = await createProject(store.sql, { accountId: account_id, name: 'Sync bench', apiEnabled: true });
    const t0 = performance.now();
    const { htmlBytes } = await insertRealisticArticles(store.sql, projectId, N);
    await store.sql`vacuum analyze articles, article_changes`;
    console.log(
      `seeded ${N.toLocaleString('en')} articles (content_html ${(htmlBytes / N / 1024).toFixed(1)} KB on average) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const port = await new Promise<number>((res, rej) => {
      child.stdout!.on('data', (b: Buffer) => {
        const m = /PORT=(\d+)/.exec(String(b));
        if (m) res(Number(m[1]));
      });
      child.once('exit', () => rej(new Error('the server child exited')));
    });

    // Every request as the client made it: status, body bytes, time to headers and to the whole body, server time.
    interface Hit {
      detail: boolean;
      status: number;
      bytes: number;
      ttfb: number;
      ms: number;
      server: number;
    }
    let hits: Hit[] = [];
    let sample: Buffer | undefined;
    const recording: typeof fetch = async (input, init) => {
      const t = performance.now();
      const res = await fetch(input, init);
      const ttfb = performance.now() - t;
      const body = Buffer.from(await res.arrayBuffer());
      hits.push({
        detail: /\/v1\/articles\/[^/?]+/.test(String(input)),
        status: res.status,
        bytes: body.length,
        ttfb,
        ms: performance.now() - t,
        server: Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1]),
      });
      if (!sample && String(input).includes('/sync?')) sample = body;
      return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
    };
    // No retries: a 429 or 503 is reported, never slept through.
    const client = createClient({ apiKey: api_key, baseUrl: `http://127.0.0.1:${port}`, fetch: recording, retry: { retries: 0 } });
    async function measure<T>(run: () => Promise<T>) {
      hits = [];
      const t = performance.now();
      const out = await run();
      const seconds = (performance.now() - t) / 1000;
      return {
        out,
        seconds,
        hits,
        requests: hits.length,
        details: hits.filter((h) => h.detail).length,
        mb: hits.reduce((s, h) => s + h.bytes, 0) / 1e6,
      };
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);

    // (a) The first build: every page of the feed, whole articles.
    const fromFeed = new Map<string, OwnArticle>();
    let cursor = '';
    let whole = 0;
    let removedAtFirst = 0;
    const a = await measure(async () => {
      for await (const page of client.syncPages(projectId)) {
        for (const article of page.upserted) {
          if (typeof article.content_html === 'string' && article.content_html.length > 0) whole++;
          fromFeed.set(article.slug, article);
        }
        removedAtFirst += page.removed.length;
        cursor = page.cursor;
      }
    });
    if (whole !== N || fromFeed.size !== N || removedAtFirst || a.details)
      throw new Error(
        `the feed gave ${fromFeed.size} articles (${whole} whole, ${removedAtFirst} removals, ${a.details} detail requests); expected ${N} whole and no detail request`,
      );
    const costs = await feedPageCosts(store.sql, projectId, account_id);

    // (b) Today's path: the card pages, then details until the wall.
    const cards = await measure(async () => {
      let n = 0;
      for await (const _ of client.articles.all(projectId, { limit: 100 })) n++;
      return n;
    });
    const details: OwnArticle[] = [];
    let refused: SkribraError | undefined;
    const wall = await measure(async () => {
      for (const slug of fromFeed.keys()) {
        try {
          const r = await client.articles.get(projectId, slug);
          if (r.kind === 'article') details.push(r.article);
        } catch (err) {
          if (err instanceof SkribraError && err.status === 429) {
            refused = err;
            return;
          }
          throw err;
        }
      }
    });
    const sameAsFeed = details.filter((d) => JSON.stringify(d) === JSON.stringify(fromFeed.get(d.slug))).length;
    const passed = wall.hits.filter((h) => h.status === 200);
    const detailBytes = mean(passed.map((h) => h.bytes));
    const detailMs = mean(passed.map((h) => h.ms));

    // Ten changes, then (c) the incremental sync from (a)'s cursor.
    const nth = (k: number) => Math.round((N * k) / 11); // ten articles spread over the project
    for (const k of [1, 2, 3, 4, 5, 6]) await publishArticle(store.sql, projectId, realisticArticle(nth(k), 1));
    for (const k of [7, 8]) await updateArticleState(store.sql, projectId, articleSlug(nth(k)), { unpublished: true });
    for (const k of [9, 10])
      await updateArticleState(store.sql, projectId, articleSlug(nth(k)), {
        redirect_to: 'https://www.example-coffee.com/blog/merged',
        redirect_type: 'permanent',
      });
    const c = await measure(() => client.sync(projectId, { cursor }));
    const { upserted, removed } = c.out;
    const expected =
      upserted.length === 6 &&
      upserted.every((u) => u.title.endsWith('(updated)') && u.content_html) &&
      removed.filter((r) => r.reason === 'unpublished').length === 2 &&
      removed.filter((r) => r.reason === 'redirected' && r.redirect_to).length === 2;
    if (!expected)
      throw new Error(
        `the incremental sync gave ${upserted.length} upserts and ${removed.length} removals; expected 6 edits, 2 unpublished, 2 redirected`,
      );

    const today = {
      card_requests: cards.requests,
      card_seconds: cards.seconds,
      card_mb: cards.mb,
      detail_requests: N,
      requests: cards.requests + N,
      mb: cards.mb + (N * detailBytes) / 1e6,
      seconds_if_unlimited: cards.seconds + (N * detailMs) / 1000,
      detail_quota_hours: N / limits.detail.hour,
      detail_quota_days: N / limits.detail.day,
      earliest_hours: hoursToFetch(N, limits.detail),
      wall: {
        passed: passed.length,
        refused_status: refused?.status ?? null,
        retry_after_s: refused?.retryAfter ?? null,
        same_as_feed: sameAsFeed,
        seconds: wall.seconds,
      },
    };
    const first = {
      requests: a.requests,
      detail_requests: a.details,
      seconds: a.seconds,
      mb: a.mb,
      mb_gzip_estimate: sample ? (a.mb * gzipSync(sample).length) / sample.length : null,
      list_hour_share: a.requests / limits.list.hour,
      list_day_share: a.requests / limits.list.day,
      whole_articles: whole,
      largest_page_mb: Math.max(...a.hits.map((h) => h.bytes)) / 1e6,
    };
    const perPage = {
      client_ms: (a.seconds * 1000) / a.requests,
      server_ms: mean(a.hits.map((h) => h.server)),
      ...costs,
      to_headers_ms: mean(a.hits.map((h) => h.ttfb)),
      body_ms: mean(a.hits.map((h) => h.ms - h.ttfb)),
      client_parse_ms: (a.seconds * 1000 - a.hits.reduce((s, h) => s + h.ms, 0)) / a.requests,
    };
    const incremental = {
      requests: c.requests,
      seconds: c.seconds,
      mb: c.mb,
      items: upserted.length + removed.length,
      upserts: upserted.length,
      removals: removed.length,
      today_requests: cards.requests + upserted.length,
    };

    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    const f = (x: number, d = 2) => x.toLocaleString('en', { minimumFractionDigits: d, maximumFractionDigits: d });
    const machine = `${cpus().length} CPU (${cpus()[0]?.model.trim()}), Node ${process.version}`;
    console.log(
      `\n${N.toLocaleString('en')} articles, one project, default limits (list ${limits.list.hour}/h ${limits.list.day}/day, detail ${limits.detail.hour}/h ${limits.detail.day}/day); ${machine}`,
    );
    console.log(
      'requests counted at the client, seconds wall clock over HTTP on loopback, MB = response bodies (10^6 bytes, uncompressed)\n',
    );
    console.log('| scenario | path | requests | list / detail | seconds | MB | list quota (hour) | detail quota | items |');
    console.log('|---|---|---:|---:|---:|---:|---:|---|---:|');
    console.log(
      `| (a) first build | sync feed, whole articles | ${a.requests} | ${a.requests - a.details} / ${a.details} | ${f(a.seconds)} | ${f(a.mb, 1)} | ${pct(first.list_hour_share)} | none | ${whole.toLocaleString('en')} whole |`,
    );
    console.log(
      `| (b) first build, today | card pages of /v1/articles | ${cards.requests} | ${cards.requests} / 0 | ${f(cards.seconds)} | ${f(cards.mb, 1)} | ${pct(cards.requests / limits.list.hour)} | none | ${cards.out.toLocaleString('en')} cards |`,
    );
    console.log(
      `| | + one detail per article (computed) | ${today.requests.toLocaleString('en')} | ${cards.requests} / ${N.toLocaleString('en')} | ${f(today.seconds_if_unlimited, 1)} if unlimited | ${f(today.mb, 1)} | ${pct(cards.requests / limits.list.hour)} | ${f(today.detail_quota_hours, 1)} h of quota (${f(today.detail_quota_days)} days); done ≥ ${today.earliest_hours} h after the start | ${N.toLocaleString('en')} |`,
    );
    console.log(
      `| | details until the first 429 (made) | ${wall.requests} | 0 / ${wall.requests} | ${f(wall.seconds)} | ${f(wall.mb, 1)} | - | ${passed.length} passed, then ${refused?.status ?? 'no'} ${refused ? `(retry after ${refused.retryAfter} s)` : ''} | ${sameAsFeed} equal to the feed's |`,
    );
    console.log(
      `| (c) incremental, 10 changes | sync feed from the cursor | ${c.requests} | ${c.requests - c.details} / ${c.details} | ${f(c.seconds, 3)} | ${f(c.mb, 3)} | ${pct(c.requests / limits.list.hour)} | none | ${upserted.length} upserts, ${removed.length} removals |`,
    );
    console.log(
      `| | today: card pages + a detail per edit (computed) | ${incremental.today_requests} | ${cards.requests} / ${upserted.length} | - | - | ${pct(cards.requests / limits.list.hour)} | ${upserted.length} requests | ${incremental.items} |`,
    );
    console.log(
      `\nA feed page of (a), mean over ${a.requests}: ${f(perPage.client_ms, 1)} ms at the client = ${f(perPage.to_headers_ms, 1)} ms to the headers (server handler ${f(perPage.server_ms, 1)} ms)` +
        ` + ${f(perPage.body_ms, 1)} ms reading the body + ${f(perPage.client_parse_ms, 1)} ms parsing it in the client. Of the handler, measured apart on the same pages:` +
        ` store statement ${f(costs.store_ms, 1)} ms, encoding the items ${f(costs.encode_ms, 1)} ms, ETag ${f(costs.etag_ms, 1)} ms. Largest page ${f(first.largest_page_mb)} MB;` +
        ` gzip would make the build's ${f(a.mb, 0)} MB about ${f(first.mb_gzip_estimate ?? 0, 0)} MB.`,
    );
    const result = {
      at: new Date().toISOString(),
      articles: N,
      html_kb_avg: htmlBytes / N / 1024,
      machine,
      loadavg_before: loadBefore,
      loadavg_after: loadavg(),
      limits,
      first_build_feed: first,
      today,
      incremental,
      feed_page_ms: perPage,
    };
    console.log(
      `BENCH_SYNC_JSON ${JSON.stringify(result, (_k, v) => (typeof v === 'number' && !Number.isInteger(v) ? Number(v.toFixed(3)) : v))}`,
    );
    mkdirSync(join(root, '.bench'), { recursive: true });
    writeFileSync(join(root, '.bench/sync.json'), JSON.stringify(result, null, 2));
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    await store.close({ wait: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Hours from the first to the last of `n` detail requests at the limits' pace, at best: fixed clock windows (as the
 * access check counts them), starting at the beginning of a UTC day, each hour's quota spent at once.
 */
function hoursToFetch(n: number, q: { hour: number; day: number }): number {
  let left = n;
  let last = 0;
  for (let day = 0; left > 0; day++) {
    const today = Math.min(left, q.day, q.hour * 24);
    last = day * 24 + Math.ceil(today / q.hour) - 1;
    left -= today;
  }
  return last;
}

/**
 * The handler's parts of a feed page, timed apart on the feed's own pages: the store statement (readSyncPage, whole
 * articles), encoding the items as sync-feed.ts does, and the page's ETag. Means in ms.
 */
async function feedPageCosts(sql: Sql, projectId: string, accountId: string) {
  let after = '0';
  const ms = { store_ms: 0, encode_ms: 0, etag_ms: 0 };
  let pages = 0;
  for (let more = true; more; pages++) {
    let t = performance.now();
    const page = await readSyncPage(sql, {
      projectId,
      after,
      skipRemovedUpTo: String(2n ** 63n - 1n),
      limit: 100,
      whole: true,
      budget: SYNC_PAGE_BYTES,
    });
    ms.store_ms += performance.now() - t;
    t = performance.now();
    const text = page.rows.map((r) => JSON.stringify({ type: 'upsert', article: toOwnArticle(r.article!, accountId) })).join(',');
    ms.encode_ms += performance.now() - t;
    t = performance.now();
    strongEtag(text);
    ms.etag_ms += performance.now() - t;
    more = page.ahead > page.rows.length;
    after = page.rows.at(-1)?.seq ?? after;
  }
  return { store_ms: ms.store_ms / pages, encode_ms: ms.encode_ms / pages, etag_ms: ms.etag_ms / pages };
}
