#!/usr/bin/env node
// The content API under load through whatever DATABASE_URL names (a transaction-mode pooler, in tests/store's
// pooler suite): seeds one account with a project of 200 articles, serves the content API in a child process (the
// local origin's pipeline with only the content API, as bench:content does) with the rate limits raised and the
// list cache off, drives list and detail with autocannon, then asks each route once more, one request at a time,
// to see that the API still answers (and how long until it does). Prints one JSON line: per route the answers, non-2xx and errors, the answers
// after, and every line the server wrote to stderr (an unhandled error shows there). A correctness check, not a
// benchmark (bench:content measures).
//   node scripts/pooler-load.ts   LOAD_SECONDS (10)  LOAD_CONNECTIONS (32)  SKRIBRA_DB_POOL (the server's, default 6)
import autocannon from 'autocannon';
import { readConfig } from '../src/model/config.ts';
import { openStore } from '../src/store/open-store.ts';
import { createAccount } from '../src/store/repos/accounts.ts';
import { createProject } from '../src/store/repos/projects.ts';
import { startContentChild } from './content-api-child.ts';

const seconds = Number(process.env.LOAD_SECONDS) || 10;
const connections = Number(process.env.LOAD_CONNECTIONS) || 32;
const store = await openStore({ config: readConfig() });
const { account_id, api_key } = await createAccount(store.sql, 'Load account');
const project = await createProject(store.sql, { accountId: account_id, name: 'Load', apiEnabled: true });
await store.sql`
    insert into articles (id, project_id, slug, title, content_html, excerpt, published_at, created_at, updated_at)
    select 'art_' || md5(${project} || i), ${project}, 'article-' || i, 'Article ' || i,
      repeat('<p>' || repeat('Lorem ipsum dolor sit amet. ', 20) || '</p>', 4), 'Excerpt ' || i,
      now() - i * interval '1 hour', now() - i * interval '1 hour', now() - i * interval '30 minutes'
    from generate_series(1, 200) as i`;
await store.close();

const served = await startContentChild({});
const port = served.port;
const page = () => 1 + Math.floor(Math.random() * 10);
const paths = {
  list: () => `/v1/articles?projectId=${project}&page=${page()}&limit=20`,
  detail: () => `/v1/articles/article-${1 + Math.floor(Math.random() * 200)}?projectId=${project}`,
};
const headers = { authorization: `Bearer ${api_key}` };
const results: Record<
  string,
  {
    answers: number;
    non2xx: number;
    errors: number;
    timeouts: number;
    statuses: Record<string, number>;
    p99Ms: number;
    maxMs: number;
    after: number[];
    recoveredMs: number | null;
  }
> = {};
for (const kind of ['list', 'detail'] as const) {
  // A request unanswered after 20 s counts as a timeout (autocannon's own option and fields, beyond its typings here).
  const options = {
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    timeout: 20,
    headers,
    requests: [{ setupRequest: (req: object) => ({ ...req, path: paths[kind]() }) }],
  };
  const r = (await autocannon(options)) as Awaited<ReturnType<typeof autocannon>> & {
    '2xx': number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number }>;
    latency: { p99: number; max: number };
  };
  // Then one request at a time: `after` is the first three statuses, `recoveredMs` how long until three in a row
  // were 200 (at most 30 s of asking).
  const after: number[] = [];
  const t0 = Date.now();
  let row = 0;
  let recoveredMs: number | null = null;
  while (Date.now() - t0 < 30_000) {
    const status = (await fetch(`http://127.0.0.1:${port}${paths[kind]()}`, { headers })).status;
    if (after.length < 3) after.push(status);
    row = status === 200 ? row + 1 : 0;
    if (row === 3) {
      recoveredMs = Date.now() - t0;
      break;
    }
  }
  const statuses = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
  results[kind] = {
    answers: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statuses,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    after,
    recoveredMs,
  };
}
await served.stop();
console.log(JSON.stringify({ connections, seconds, results, stderr: served.stderr() }));
