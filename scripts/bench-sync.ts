#!/usr/bin/env node
// `npm run bench:sync`: what a customer's sync costs, in requests and seconds, with the sync feed (GET /v1/sync
// through @skribra/content) against today's list-and-diff (page through /v1/articles and compare with what you had).
// One project of 10,000 articles in a fresh embedded store (or DATABASE_URL), the content API served over HTTP on
// loopback with the rate limits raised, the client in this process. Scenarios:
//   full          everything, from nothing
//   incremental   after 10 changes (5 edits, 3 unpublished, 2 redirected): the feed from its cursor; list-and-diff
//                 (every page; then once more with the client's ETags kept, where a removal still changes every
//                 page's total, so nothing is a 304); updatedSince (cheap, but blind to removals: see the last column)
// Writes .bench/sync.json. BENCH_ARTICLES (10000).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { openStore } from '../src/store/open-store.ts';
import { createAccount } from '../src/store/repos/accounts.ts';
import { createProject } from '../src/store/repos/projects.ts';
import { publishArticle, updateArticleState } from '../src/store/repos/articles.ts';
import { createContentApi } from '../src/api/content/create-content-api.ts';
import { createClient, memoryCache, type OwnArticleCard } from '../packages/content-client/src/index.ts';

const root = resolve(import.meta.dirname, '..');
const N = Number(process.env.BENCH_ARTICLES) || 10_000;
const BIG = { hour: 10_000_000, day: 10_000_000 };

const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'skribra-bench-sync-'));
const store = await openStore({ dataDir });
const { account_id, api_key } = await createAccount(store.sql, 'Sync bench');
const projectId = await createProject(store.sql, { accountId: account_id, name: 'Sync bench', apiEnabled: true });
let t0 = Date.now();
await store.sql`
  insert into articles (id, project_id, slug, title, content_html, excerpt, type, reading_time, keyword, published_at, created_at, updated_at)
  select 'art_' || md5(${projectId} || i), ${projectId}, 'article-' || i, 'Article ' || i, '<p>Body ' || i || '</p>',
    'Excerpt of article ' || i, 'guide', 3 + i % 9, 'keyword ' || (i % 50),
    now() - i * interval '1 hour', now() - i * interval '1 hour', now() - i * interval '30 minutes'
  from generate_series(1, ${N}) as i`;
await store.sql`vacuum analyze`;
console.log(`seeded ${N.toLocaleString('en')} articles in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

// The content API as the lead's pipeline serves it. Until GET /v1/sync is registered there, it 404s, and this bench
// says so and stops: its figures are only meaningful through the real gate.
const handler = createContentApi({ sql: store.sql, limits: { list: BIG, detail: BIG } });
const server = await new Promise<{ url: string; close: () => void }>((r) => {
  const s = serve({ fetch: handler, port: 0, hostname: '127.0.0.1' }, (i) => r({ url: `http://127.0.0.1:${i.port}`, close: () => s.close() }));
});

let requests = 0;
let notModified = 0;
const counting: typeof fetch = async (input, init) => {
  requests++;
  const res = await fetch(input, init);
  if (res.status === 304) notModified++;
  return res;
};
const client = (cache = memoryCache(100_000)) => createClient({ apiKey: api_key, baseUrl: server.url, fetch: counting, cache });

interface Row { scenario: string; method: string; requests: number; not_modified: number; seconds: number; items: number; removals_seen?: number }
const rows: Row[] = [];
async function measure(scenario: string, method: string, run: () => Promise<{ items: number; removals_seen?: number }>) {
  requests = 0; notModified = 0;
  t0 = performance.now();
  const r = await run();
  rows.push({ scenario, method, requests, not_modified: notModified, seconds: Number(((performance.now() - t0) / 1000).toFixed(2)), ...r });
}

async function listAll(c: ReturnType<typeof client>): Promise<OwnArticleCard[]> {
  const out: OwnArticleCard[] = [];
  for await (const a of c.articles.all(projectId, { limit: 100 })) out.push(a);
  return out;
}

try {
  const probe = await fetch(`${server.url}/v1/sync?projectId=${projectId}&limit=1`, { headers: { authorization: `Bearer ${api_key}` } });
  if (probe.status === 404) throw new Error('GET /v1/sync is not registered yet (src/api registry): nothing to measure.');

  // Full: the feed (500 a page) and the list (100 a page, its cap).
  let cursor = '';
  await measure('full', 'sync feed', async () => { const r = await client().sync(projectId, { limit: 500 }); cursor = r.cursor; return { items: r.upserted.length }; });
  const warm = memoryCache(100_000);
  let before: OwnArticleCard[] = [];
  await measure('full', 'list pages', async () => { before = await listAll(client(warm)); return { items: before.length }; });

  // Ten changes.
  const since = new Date();
  await new Promise((r) => setTimeout(r, 5));
  for (let i = 1; i <= 5; i++) await publishArticle(store.sql, projectId, { title: `Article ${i * 97}, edited`, slug: `article-${i * 97}`, content_html: '<p>Edited</p>', related_articles: [], sources: [], json_ld: [] });
  for (let i = 1; i <= 3; i++) await updateArticleState(store.sql, projectId, `article-${i * 1001}`, { unpublished: true });
  for (let i = 1; i <= 2; i++) await updateArticleState(store.sql, projectId, `article-${i * 2003}`, { redirect_to: 'https://example.com/merged', redirect_type: 'permanent' });

  await measure('incremental (10 changes)', 'sync feed from cursor', async () => {
    const r = await client().sync(projectId, { cursor, limit: 500 });
    return { items: r.upserted.length + r.removed.length, removals_seen: r.removed.length };
  });
  const diff = (after: OwnArticleCard[]) => {
    const now = new Set(after.map((a) => a.id));
    return before.filter((a) => !now.has(a.id)).length;
  };
  await measure('incremental (10 changes)', 'list-and-diff, cold', async () => {
    const after = await listAll(client());
    return { items: after.length, removals_seen: diff(after) };
  });
  await measure('incremental (10 changes)', 'list-and-diff again (client ETags kept, server page cache warm)', async () => {
    const after = await listAll(client(warm));
    return { items: after.length, removals_seen: diff(after) };
  });
  await measure('incremental (10 changes)', 'updatedSince (misses removals)', async () => {
    const out: OwnArticleCard[] = [];
    for await (const a of client().articles.all(projectId, { limit: 100, updatedSince: since })) out.push(a);
    return { items: out.length, removals_seen: 0 };
  });

  console.log(`\n${N.toLocaleString('en')} articles, one project; requests counted at the client, seconds wall clock on loopback\n`);
  console.log('| scenario | method | requests | of which 304 | seconds | items | removals seen |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.scenario} | ${r.method} | ${r.requests} | ${r.not_modified} | ${r.seconds.toFixed(2)} | ${r.items} | ${r.removals_seen ?? '-'} |`);
  mkdirSync(join(root, '.bench'), { recursive: true });
  writeFileSync(join(root, '.bench/sync.json'), JSON.stringify({ articles: N, rows }, null, 2));
} finally {
  server.close();
  await store.close({ wait: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
