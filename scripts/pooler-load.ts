#!/usr/bin/env node
// The content API under load through whatever DATABASE_URL names (a transaction-mode pooler, in tests/store's
// pooler suite): seeds one account with a project of 200 articles, serves the content API in a child process (the
// local origin's pipeline with only the content API, as bench:content does) with the rate limits raised and the
// list cache off, drives list and detail with autocannon, then asks each route once more, one request at a time,
// to see that the API still answers (and how long until it does). Prints one JSON line: per route the answers, non-2xx and errors, the answers
// after, and every line the server wrote to stderr (an unhandled error shows there). A correctness check, not a
// benchmark (bench:content measures).
//   node scripts/pooler-load.ts   LOAD_SECONDS (10)  LOAD_CONNECTIONS (32)  SKRIBRA_DB_POOL (the server's, default 6)
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { readConfig } from '../src/config.ts';
import { openStore } from '../src/store/open-store.ts';
import { createAccount } from '../src/store/repos/accounts.ts';
import { createProject } from '../src/store/repos/projects.ts';

if (process.argv[2] === '--serve') {
  const { createOrigin } = await import('../src/origin/create-origin.ts');
  const { listen } = await import('../src/origin/serve.ts');
  const { contentRuntime } = await import('../src/api/content/create-content-api.ts');
  const config = readConfig();
  const store = await openStore({ config, migrate: false });
  const origin = createOrigin({ distDir: '/nonexistent', apis: { content: contentRuntime({ config, sql: store.sql }) } });
  const server = await listen(origin, 0, '127.0.0.1');
  process.stdout.write(`PORT=${server.port}\n`);
  process.on('SIGTERM', async () => {
    await server.close();
    await store.close();
    process.exit(0);
  });
} else {
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

  const child = spawn(process.execPath, [import.meta.filename, '--serve'], {
    env: {
      ...process.env,
      SKRIBRA_DB_POOL: process.env.SKRIBRA_DB_POOL || '6',
      SKRIBRA_LIST_CACHE_ENTRIES: '0',
      SKRIBRA_RATE_LIST_HOUR: '10000000',
      SKRIBRA_RATE_LIST_DAY: '10000000',
      SKRIBRA_RATE_DETAIL_HOUR: '10000000',
      SKRIBRA_RATE_DETAIL_DAY: '10000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (b: Buffer) => {
    stderr += b;
  });
  const port = await new Promise<number>((res, rej) => {
    child.stdout!.on('data', (b: Buffer) => {
      const m = /PORT=(\d+)/.exec(String(b));
      if (m) res(Number(m[1]));
    });
    child.once('exit', (code) => rej(new Error(`the server exited ${code}: ${stderr}`)));
  });
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
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  console.log(JSON.stringify({ connections, seconds, results, stderr }));
}
