#!/usr/bin/env node
// `npm run bench:events`: what idle change streams (GET /v1/events) cost the database. A fresh embedded store (or
// DATABASE_URL), the content API served over HTTP on loopback by the local origin's adapter, STREAMS streams opened
// (EVENT_STREAMS_PER_ACCOUNT per account, so STREAMS / 5 accounts), then held open and idle for SECONDS. Counted: the
// statements the database ran meanwhile, from pg_stat_statements when the server has it loaded, else from
// pg_stat_database's xact_commit (each statement outside a transaction is one transaction, so this counts every
// statement of every client of the database, the poller's included). At the local origin's default bound (STREAM_BOUND_S.origin)
// no stream reconnects within the window; what reconnecting at Netlify's bound adds is printed beside it (each
// reconnect is the access check's statement and one read). Target: fewer than 2 statements per second.
//   --streams N   (default 200)   --seconds S   (default 60)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createContentApi } from '../src/request/api/content/create-content-api.ts';
import { EVENT_STREAMS_PER_ACCOUNT, STREAM_BOUND_S } from '../src/model/endpoints/content/stream-own-changes.endpoint.ts';
import { readConfig } from '../src/model/config.ts';
import { listen } from '../origin/serve.ts';
import { openStore } from '../src/store/open-store.ts';
import { createAccount } from '../src/store/repos/accounts.ts';
import { createProject } from '../src/store/repos/projects.ts';
import { publishArticle } from '../src/store/repos/articles.ts';
import { ownArticleInput } from '../src/model/schemas/own-article.ts';

const { values } = parseArgs({ options: { streams: { type: 'string', default: '200' }, seconds: { type: 'string', default: '60' } } });
const STREAMS = Number(values.streams);
const SECONDS = Number(values.seconds);
const NETLIFY_BOUND_S = STREAM_BOUND_S.netlify;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(`bench:events: ${STREAMS} idle streams for ${SECONDS} s; load average ${load()}`);

const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'skribra-bench-events-'));
const config = readConfig({ ...process.env, SKRIBRA_DATA_DIR: dataDir ?? '' });
const store = await openStore({ config, dataDir });
const { sql } = store;
const server = await listen(createContentApi({ sql, config }), 0, '127.0.0.1');
const ac = new AbortController();
try {
  // The accounts, each with a project holding one article.
  const accounts = Math.ceil(STREAMS / EVENT_STREAMS_PER_ACCOUNT);
  const owners: { key: string; project: string }[] = [];
  for (let i = 0; i < accounts; i++) {
    const acc = await createAccount(sql, `bench-events-${i}`);
    const project = await createProject(sql, { accountId: acc.account_id, name: `P${i}`, apiEnabled: true });
    await publishArticle(sql, project, ownArticleInput.parse({ title: `Post ${i}`, slug: `post-${i}`, content_html: '<p>x</p>' }));
    owners.push({ key: acc.api_key, project });
  }

  // Open every stream and wait for its `ready` (the opening statements are not the idle cost).
  const base = `http://127.0.0.1:${server.port}`;
  let opened = 0;
  const open = async (i: number) => {
    const { key, project } = owners[Math.floor(i / EVENT_STREAMS_PER_ACCOUNT)]!;
    const res = await fetch(`${base}/v1/events?projectId=${project}`, { headers: { authorization: `Bearer ${key}` }, signal: ac.signal });
    if (res.status !== 200) throw new Error(`stream ${i}: ${res.status} ${await res.text()}`);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('event: ready')) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ${i} ended before ready`);
      text += decoder.decode(value, { stream: true });
    }
    opened++;
    // Keep reading (heartbeats) until the end.
    void (async () => {
      try {
        while (!(await reader.read()).done);
      } catch {
        /* aborted at the end */
      }
    })();
  };
  const t0 = Date.now();
  await Promise.all(Array.from({ length: STREAMS }, (_, i) => open(i)));
  console.log(`opened ${opened} streams in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // A backend flushes its statistics when idle, at most every 10 s (PGSTAT_IDLE_INTERVAL): wait past that, so the
  // opening statements are counted before the window, and each end of the window lags alike.
  await new Promise((r) => setTimeout(r, 12_000));

  // What to count with.
  // pg_stat_statements needs shared_preload_libraries (the embedded server does not load it): asked, never assumed.
  const statements = await sql`select 1 from pg_stat_statements limit 1`.then(
    () => true,
    () => false,
  );
  const count = async () =>
    statements
      ? Number(
          (
            await sql<
              { n: string }[]
            >`select coalesce(sum(calls), 0)::text as n from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())`
          )[0]!.n,
        )
      : Number(
          (
            await sql<
              { n: string }[]
            >`select (select xact_commit + xact_rollback from pg_stat_database where datname = current_database())::text as n`
          )[0]!.n,
        );
  const before = await count();
  const started = Date.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const after = await count();
  const seconds = (Date.now() - started) / 1000;
  const ran = after - before;
  const perSecond = ran / seconds;
  const reconnect = (2 * STREAMS) / NETLIFY_BOUND_S;
  console.log(
    `counted with ${statements ? 'pg_stat_statements' : 'pg_stat_database.xact_commit (pg_stat_statements not loaded)'}: ${ran} statements in ${seconds.toFixed(1)} s = ${perSecond.toFixed(2)} statements/s for ${opened} idle streams (target < 2) ${perSecond < 2 ? 'OK' : 'OVER'}`,
  );
  console.log(
    `at Netlify's bound (${NETLIFY_BOUND_S} s) each stream also reconnects: 2 statements each (access check + read), about ${reconnect.toFixed(1)} statements/s more for ${STREAMS} streams`,
  );
  console.log(`load average at the end ${load()}`);
} finally {
  ac.abort();
  await server.close();
  await store.close({ wait: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
