#!/usr/bin/env node
// `npm run bench:content`: seeds one account with 10 projects of 1,000 articles each in a fresh embedded store
// (or DATABASE_URL), serves the content API through the local origin in a child process with the rate limits
// raised, and drives list and detail with autocannon at 32 connections. Prints req/s and p50/p99 latency and
// writes .bench/content.json.
//   BENCH_SECONDS (10)  BENCH_CONNECTIONS (32)  SKRIBRA_DB_POOL (6 in the server: more backends than cores only adds contention)
//   SKRIBRA_LIST_CACHE_ENTRIES / SKRIBRA_LIST_CACHE_MB (the server's list cache, 2000 / 32; ENTRIES=0 measures without it)
// The list mix is 10 projects x 50 pages x 3 sorts (1,500 distinct pages); nothing is written during the run, so
// with the cache on it measures the steady state of a read-mostly API (each request still authenticated and counted).
//   BENCH_COMPARE=<another checkout> also serves that checkout's code over the same store and measures both, route by
//     route, alternating (before/after figures from one run on a loaded machine); BENCH_ROUTES=detail (list,detail)
//   BENCH_HOT=<n> sends the detail requests to the first n articles of one project only (a hot set the detail cache
//     holds), instead of all 10,000
//   BENCH_CPU_PROF=<dir> writes a V8 CPU profile of this checkout's server child there (open in Chrome DevTools)
// Beside each row, the server's own view of the same measured seconds (asked over IPC, so the warm-up is left out):
// the handler's p50/p99 (the pipeline, access check and store, without the socket), its GC pauses and its event-loop delay,
// which together say where a tail beyond the ceiling's comes from.
// The "ceiling" row is the same HTTP stack (listen() of origin/serve.ts) answering one fixed detail answer with no
// pipeline and no store: what Node's HTTP layer alone allows on this machine, beside which the routes are read.
// Each row says its proportions, which move much less with the machine and its load than the absolute figures: req/s
// as a fraction of the ceiling's, and p99 as a multiple of the list route's (of the same server). The load average is
// printed at the start (before seeding), before the measured routes and after them, with a warning when it was
// above 1 at the start: then other work shared the machine, and only proportions from the same run compare.
// The seeded articles (bench-seed.ts) get their stored detail answers (migration 010) as a publish would give them.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { openStore } from '../src/store/open-store.ts';
import { BENCH_ARTICLES, seedBenchAccount } from './bench-seed.ts';
import { proportions } from './bench-proportions.ts';
import { listCacheSize } from '../src/request/api/content/list-cache.ts';
import { readConfig } from '../src/model/config.ts';

const root = resolve(import.meta.dirname, '..');

/** What a server child measures between the parent's 'reset' and 'stats' messages. */
interface ServerStats {
  handlerP50: number;
  handlerP99: number;
  gcPauses: number;
  gcMs: number;
  gcMaxMs: number;
  loopDelayP99: number;
}

/** In a server child: times `handler`, GC pauses and the event loop, and answers the parent's messages. */
function probed(handler: (req: Request) => Promise<Response>): (req: Request) => Promise<Response> {
  let times: number[] = [];
  let gc: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  new PerformanceObserver((list) => gc.push(...list.getEntries().map((e) => e.duration))).observe({ entryTypes: ['gc'] });
  const pct = (a: number[], q: number) => a.sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(q * a.length))] ?? 0;
  process.on('message', (m) => {
    if (m === 'reset') {
      times = [];
      gc = [];
      loop.reset();
    } else if (m === 'stats') {
      const stats: ServerStats = {
        handlerP50: pct(times, 0.5),
        handlerP99: pct(times, 0.99),
        gcPauses: gc.length,
        gcMs: gc.reduce((a, b) => a + b, 0),
        gcMaxMs: Math.max(0, ...gc),
        loopDelayP99: loop.percentile(99) / 1e6,
      };
      process.send!(stats);
    }
  });
  return async (req) => {
    const t0 = performance.now();
    const res = await handler(req);
    times.push(performance.now() - t0);
    return res;
  };
}

if (process.argv[2] === '--serve-fixed') {
  // The ceiling: one fixed answer (a real detail body and its headers), through the same listen().
  const { listen } = await import('../origin/serve.ts');
  const { readFileSync } = await import('node:fs');
  const fixed = JSON.parse(readFileSync(process.argv[3]!, 'utf8')) as { body: string; headers: Record<string, string> };
  const server = await listen(
    probed(async () => new Response(fixed.body, { headers: fixed.headers })),
    0,
    '127.0.0.1',
  );
  process.stdout.write(`PORT=${server.port}\n`);
  process.on('SIGTERM', async () => {
    await server.close();
    process.exit(0);
  });
} else if (process.argv[2] === '--serve') {
  // The child: the local origin with only the content API mounted.
  const { createOrigin } = await import('../origin/create-origin.ts');
  const { listen } = await import('../origin/serve.ts');
  const { contentImplementation } = await import('../src/request/api/content/create-content-api.ts');
  const config = readConfig();
  const store = await openStore({ config });
  const origin = createOrigin({ distDir: join(root, 'dist'), apis: { content: contentImplementation({ config, sql: store.sql }) } });
  const server = await listen(probed(origin), 0, '127.0.0.1');
  process.stdout.write(`PORT=${server.port}\n`);
  process.on('SIGTERM', async () => {
    await server.close();
    await store.close();
    process.exit(0);
  });
} else {
  const loadAtStart = loadavg();
  const seconds = Number(process.env.BENCH_SECONDS) || 10;
  const connections = Number(process.env.BENCH_CONNECTIONS) || 32;
  const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'skribra-bench-'));
  if (dataDir) process.env.SKRIBRA_DATA_DIR = dataDir;
  const store = await openStore({ config: readConfig() });
  const t0 = Date.now();
  const { apiKey: api_key, projects } = await seedBenchAccount(store.sql);
  console.log(`seeded ${projects.length} projects x ${BENCH_ARTICLES} articles in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const serverEnv = {
    ...process.env,
    SKRIBRA_DB_POOL: process.env.SKRIBRA_DB_POOL || '6',
    SKRIBRA_RATE_LIST_HOUR: '100000000',
    SKRIBRA_RATE_LIST_DAY: '100000000',
    SKRIBRA_RATE_DETAIL_HOUR: '100000000',
    SKRIBRA_RATE_DETAIL_DAY: '100000000',
  };
  const startServer = async (script: string, profile?: string, args = ['--serve']) => {
    const child = spawn(process.execPath, [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []), script, ...args], {
      env: serverEnv,
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    const port = await new Promise<number>((res, rej) => {
      child.stdout!.on('data', (b: Buffer) => {
        const m = /PORT=(\d+)/.exec(String(b));
        if (m) res(Number(m[1]));
      });
      child.once('exit', () => rej(new Error('the origin exited')));
    });
    return { child, port };
  };
  const servers: { label: string; child: ReturnType<typeof spawn>; port: number }[] = [];
  if (process.env.BENCH_COMPARE)
    servers.push({ label: 'compare', ...(await startServer(join(resolve(process.env.BENCH_COMPARE), 'scripts', 'bench-content.ts'))) });
  servers.push({ label: 'this', ...(await startServer(import.meta.filename, process.env.BENCH_CPU_PROF)) });

  const loadBefore = loadavg();
  const pick = <T>(a: T[]) => a[Math.floor(Math.random() * a.length)]!;
  const sorts = ['', '&sort=updated_at', '&sort=title&order=asc'];
  const hot = Number(process.env.BENCH_HOT) || 0;
  const paths = {
    list: () => `/v1/articles?projectId=${pick(projects)}&page=${1 + Math.floor(Math.random() * 50)}${pick(sorts)}`,
    detail: hot
      ? () => `/v1/articles/article-${1 + Math.floor(Math.random() * hot)}?projectId=${projects[0]}`
      : () => `/v1/articles/article-${1 + Math.floor(Math.random() * BENCH_ARTICLES)}?projectId=${pick(projects)}`,
  };
  const kinds = (process.env.BENCH_ROUTES?.split(',') ?? ['list', 'detail', 'ceiling']) as (keyof typeof paths | 'ceiling')[];
  const ceiling: typeof servers = [];
  if (kinds.includes('ceiling')) {
    const sample = await fetch(`http://127.0.0.1:${servers.at(-1)!.port}${paths.detail()}`, {
      headers: { authorization: `Bearer ${api_key}` },
    });
    const file = join(tmpdir(), `skribra-bench-fixed-${process.pid}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        body: await sample.text(),
        headers: Object.fromEntries(
          [...sample.headers].filter(([h]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(h)),
        ),
      }),
    );
    ceiling.push({ label: 'ceiling', ...(await startServer(import.meta.filename, undefined, ['--serve-fixed', file])) });
  }
  /** The child's stats since its last 'reset', or undefined when it does not answer (an older checkout's child). */
  const statsOf = (child: ReturnType<typeof spawn>) =>
    new Promise<ServerStats | undefined>((done) => {
      const timer = setTimeout(() => done(undefined), 2000);
      child.once('message', (m) => {
        clearTimeout(timer);
        done(m as ServerStats);
      });
      child.send('stats');
    });
  const results: Record<string, { rps: number; p50: number; p99: number; errors: number; non2xx: number; server?: ServerStats }> = {};
  for (const kind of kinds) {
    for (const { label, port, child } of kind === 'ceiling' ? ceiling : servers) {
      await autocannon({
        url: `http://127.0.0.1:${port}`,
        connections,
        duration: 2,
        headers: { authorization: `Bearer ${api_key}` },
        requests: [{ setupRequest: (r) => ({ ...r, path: kind === 'ceiling' ? '/' : paths[kind]() }) }],
      });
      child.send('reset');
      const r = await autocannon({
        url: `http://127.0.0.1:${port}`,
        connections,
        duration: seconds,
        headers: { authorization: `Bearer ${api_key}` },
        requests: [{ setupRequest: (req) => ({ ...req, path: kind === 'ceiling' ? '/' : paths[kind]() }) }],
      });
      results[servers.length > 1 && kind !== 'ceiling' ? `${kind} ${label}` : kind] = {
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors,
        non2xx: r.non2xx,
        server: await statsOf(child),
      };
    }
  }
  for (const { child } of [...servers, ...ceiling]) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  await store.close({ wait: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });

  const machine = `${cpus().length} CPU (${cpus()[0]?.model.trim()}), Node ${process.version}`;
  const cache = listCacheSize(readConfig());
  const listCache = cache.maxEntries ? `list cache ${cache.maxEntries} entries / ${cache.maxBytes / 1024 / 1024} MB` : 'list cache off';
  const loadAfter = loadavg();
  const loads = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
  console.log(`\ncontent API through the local origin, ${connections} connections, ${seconds} s each, ${listCache}, ${machine}`);
  if (process.env.BENCH_COMPARE) console.log(`compare = ${resolve(process.env.BENCH_COMPARE)}, this = ${root}`);
  console.log(
    `load average (1, 5, 15 min): at the start ${loads(loadAtStart)}, before the routes ${loads(loadBefore)}, after them ${loads(loadAfter)}`,
  );
  if (loadAtStart[0]! > 1)
    console.log(
      `WARNING: the load was ${loadAtStart[0]!.toFixed(2)} (above 1) before the run started: other work shared the machine, so read the proportions, not the absolute figures, and compare only within this run`,
    );
  const ratios = proportions(results);
  const width = Math.max(7, ...Object.keys(results).map((k) => k.length));
  console.log(`${'route'.padEnd(width)}  req/s   p50 ms  p99 ms  non-2xx  errors  of ceiling  p99 / list p99`);
  for (const [k, v] of Object.entries(results))
    console.log(
      `${k.padEnd(width)} ${String(v.rps).padStart(6)}  ${String(v.p50).padStart(6)}  ${String(v.p99).padStart(6)}  ${String(v.non2xx).padStart(7)}  ${String(v.errors).padStart(6)}  ${(ratios[k]?.ofCeiling?.toFixed(2) ?? '').padStart(10)}  ${(ratios[k]?.p99OfList?.toFixed(2) ?? '').padStart(14)}`,
    );
  console.log(`\nin the server, the same ${seconds} s: handler (pipeline, access check, store; no socket), GC pauses, event-loop delay`);
  console.log(`${'route'.padEnd(width)}  handler p50/p99 ms  GC pauses  in GC ms  longest ms  loop delay p99 ms`);
  for (const [k, { server: s }] of Object.entries(results))
    if (s)
      console.log(
        `${k.padEnd(width)}  ${`${s.handlerP50.toFixed(1)} / ${s.handlerP99.toFixed(1)}`.padStart(18)}  ${String(s.gcPauses).padStart(9)}  ${s.gcMs.toFixed(0).padStart(8)}  ${s.gcMaxMs.toFixed(1).padStart(10)}  ${s.loopDelayP99.toFixed(1).padStart(17)}`,
      );
  mkdirSync(join(root, '.bench'), { recursive: true });
  writeFileSync(
    join(root, '.bench', 'content.json'),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        machine,
        connections,
        seconds,
        listCache: cache,
        load: { atStart: loadAtStart, beforeRoutes: loadBefore, after: loadAfter },
        results,
        proportions: ratios,
      },
      null,
      2,
    ),
  );
}
