#!/usr/bin/env node
// `npm run bench:live-blog`: a blog article's page answered on request (issue 46) against the same page as a static
// file, through one local origin over a seeded store and a site built from it (dev/seeded-site.ts). As in
// bench:content, the origin runs in a child process and this one is the client, so the client's work never shares
// the server's thread. Three rows, in one run, alternating; each measured twice: latency (one request at a time,
// BENCH_REQUESTS of them, timed to the microsecond) and throughput (autocannon, BENCH_CONNECTIONS at once):
//   static    the article page's bytes as a file of the build, served by the origin's static files
//   uncached  the article page read from the store and rendered by the build's on-request page, every request
//   cached    the same through the origin's tag cache (origin/tag-cache.ts), as npm start serves it
// Prints p50/p99 latency and req/s per row, and the proportions the issue states: uncached p50 / static p50 (target
// <= 10) and cached p50 / static p50 (target <= 1.2). Writes .bench/live-blog.json.
//   BENCH_REQUESTS (2000)  BENCH_SECONDS (10)  BENCH_CONNECTIONS (8)  BENCH_ROUNDS (2: each row this many times, in
//   turn; the medians count)
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { readConfig } from '../src/model/config.ts';
import { openStore } from '../src/store/open-store.ts';
import { buildSeededSite } from '../dev/seeded-site.ts';
import { createLocalOrigin } from '../origin/local-origin.ts';
import { listen } from '../origin/serve.ts';
import { createTagCache } from '../origin/tag-cache.ts';

const root = resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const requests = Number(process.env.BENCH_REQUESTS ?? 2000);
const SLUG = 'keyword-cannibalization';
const STATIC_PATH = '/bench-static-article/';
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

type Row = 'static' | 'uncached' | 'cached';

if (process.argv[2] === '--serve') {
  // The child: the three rows' origins over the parent's store (SKRIBRA_DATA_DIR or DATABASE_URL) and build.
  const distDir = process.argv[3]!;
  const config = readConfig();
  const store = await openStore({ config });
  const { handler: uncached } = createLocalOrigin({ distDir, config, sql: store.sql });
  const { handler: cached } = createLocalOrigin({ distDir, config, sql: store.sql, blogCache: createTagCache() });
  // The static row serves the very bytes the page renders, as a file of the build.
  const page = await uncached(new Request(`http://localhost:4321/blog/${SLUG}/`));
  if (page.status !== 200) throw new Error(`/blog/${SLUG}/ answered ${page.status}`);
  mkdirSync(join(distDir, STATIC_PATH), { recursive: true });
  writeFileSync(join(distDir, STATIC_PATH, 'index.html'), await page.text());
  const ports: Record<Row, number> = {
    static: (await listen(uncached, 0, '127.0.0.1')).port,
    uncached: (await listen(uncached, 0, '127.0.0.1')).port,
    cached: (await listen(cached, 0, '127.0.0.1')).port,
  };
  process.stdout.write(`PORTS=${JSON.stringify(ports)}\n`);
  process.on('SIGTERM', () => void store.close().finally(() => process.exit(0)));
} else {
  const config = readConfig();
  console.log(`load average ${load()}; building a seeded site...`);
  const site = await buildSeededSite(config, 'http://localhost:4321', 'bench-live');
  const server = spawn(process.execPath, [import.meta.filename, '--serve', site.distDir], {
    env: { ...process.env, ...(site.dataDir ? { SKRIBRA_DATA_DIR: site.dataDir } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const ports = await new Promise<Record<Row, number>>((res, rej) => {
      server.stdout!.on('data', (b: Buffer) => {
        const m = /PORTS=(\{.*\})/.exec(String(b));
        if (m) res(JSON.parse(m[1]!));
      });
      server.once('exit', (code) => rej(new Error(`the origin exited ${code}`)));
    });
    const servers = Object.fromEntries(Object.entries(ports).map(([row, port]) => [row, { port }])) as Record<Row, { port: number }>;
    const paths = { static: STATIC_PATH, uncached: `/blog/${SLUG}/`, cached: `/blog/${SLUG}/` };
    const results: Record<Row, { rps: number[]; p50: number[]; p99: number[]; non2xx: number }> = {
      static: { rps: [], p50: [], p99: [], non2xx: 0 },
      uncached: { rps: [], p50: [], p99: [], non2xx: 0 },
      cached: { rps: [], p50: [], p99: [], non2xx: 0 },
    };
    const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
    const median = (xs: number[]) => quantile(xs, 0.5);
    /** One request at a time over one kept-alive connection: each answer's time in ms, to the microsecond. */
    async function latencies(url: string, n: number): Promise<number[]> {
      const out: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        const res = await fetch(url);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
        out.push(performance.now() - t0);
      }
      return out;
    }
    console.log(`load average before the rows ${load()}`);
    for (let r = 0; r < rounds; r++) {
      for (const row of Object.keys(servers) as Row[]) {
        const url = `http://127.0.0.1:${servers[row].port}${paths[row]}`;
        await latencies(url, 200); // warm-up (the cached row fills its cache here)
        const times = await latencies(url, requests);
        const out = await autocannon({ url, connections, duration: seconds });
        results[row].rps.push(out.requests.average);
        results[row].p50.push(quantile(times, 0.5));
        results[row].p99.push(quantile(times, 0.99));
        results[row].non2xx += out.non2xx;
        console.log(
          `${row.padEnd(9)} round ${r + 1}: p50 ${quantile(times, 0.5).toFixed(3)} ms, p99 ${quantile(times, 0.99).toFixed(3)} ms (one at a time); ${Math.round(out.requests.average)} req/s (${connections} at once)`,
        );
      }
    }
    const m = (row: Row, k: 'rps' | 'p50' | 'p99') => median(results[row][k]);
    const ratio = (row: Row) => m(row, 'p50') / m('static', 'p50');
    const summary = {
      seconds,
      connections,
      rounds,
      load: load(),
      rows: Object.fromEntries(
        (Object.keys(results) as Row[]).map((row) => [
          row,
          { rps: m(row, 'rps'), p50: m(row, 'p50'), p99: m(row, 'p99'), non2xx: results[row].non2xx },
        ]),
      ),
      uncachedP50OfStatic: ratio('uncached'),
      cachedP50OfStatic: ratio('cached'),
      cachedRpsOfStatic: m('cached', 'rps') / m('static', 'rps'),
    };
    console.log(
      `\nmedians: ${(Object.keys(results) as Row[]).map((row) => `${row} p50 ${m(row, 'p50').toFixed(3)} ms, ${Math.round(m(row, 'rps'))} req/s`).join('; ')}`,
    );
    console.log(
      `p50 against the static file: uncached ${summary.uncachedP50OfStatic.toFixed(2)}x (target <= 10), cached ${summary.cachedP50OfStatic.toFixed(2)}x (target <= 1.2); cached req/s ${summary.cachedRpsOfStatic.toFixed(2)} of static's; load average after ${load()}`,
    );
    mkdirSync(join(root, '.bench'), { recursive: true });
    writeFileSync(join(root, '.bench/live-blog.json'), `${JSON.stringify(summary, null, 2)}\n`);
    if (Object.values(results).some((r) => r.non2xx)) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await site.cleanup();
  }
}
