#!/usr/bin/env node
// `npm run bench:search -- [--pages N] [--duration S]`: the public function under search load, over the real
// content plus N generated glossary pages (default 10,000). Reports the index artifact's size (raw and gzip), the
// function's cold start (import + artifact load, median of 10 fresh processes, bundled as Netlify bundles it), the
// handler's latency p50/p99 over a fixed mix of 1-3 token queries, and requests/s through the local origin at 32
// connections (autocannon). Targets on a 2-core machine with 10,000 pages: cold start < 150 ms, p99 < 2 ms,
// >= 3,000 req/s.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import autocannon from 'autocannon';
import { generateContent } from './generate-content.ts';
import { contentHash, loadCatalog } from '../src/model/catalog/load-catalog.ts';
import { writeArtifacts } from '../src/build-time/write-artifacts.ts';
import { SEARCH_FILE } from '../src/request/api/public/load-artifacts.ts';
import { loadPublicApi } from '../src/request/api/public/load-public-api.ts';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
  },
});
const pages = Number(values.pages);
const root = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'skribra-bench-search-'));
const dist = join(work, 'dist');
const SITE = 'https://skribra.com';

/** The fixed query mix: real vocabulary and generated vocabulary, one to three tokens, narrow to broad. */
const QUERIES = [
  'seo',
  'crawl',
  'canonical',
  'schema',
  'robots',
  'sitemap',
  'redirect',
  'anchor',
  'audit',
  'intent',
  'crawl budget',
  'internal link',
  'canonical url',
  'core web',
  'ai search',
  'duplicate content',
  'link audit',
  'ranking signal',
  'search console',
  'hreflang map',
  'crawl budget 1',
  'schema rule page',
  'page speed score',
  'anchor text gap',
  'ai crawlers robots',
  'entity citation map',
  'query intent cluster',
  'canonical redirect rule',
  'content refresh',
  'llms txt',
  // Broad on purpose: every generated page matches (worst case for ranking and selection).
  'generated',
  'generated term page',
];
const pathOf = (q: string) => `/api/v1/search?q=${encodeURIComponent(q)}`;

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

// 1. Content and artifacts: what `astro build` writes to dist/_skribra, without rendering the HTML.
console.log(`generating real content + ${pages} pages and writing the artifacts...`);
const content = generateContent(pages, join(work, 'content'));
const loaded = loadCatalog(content, SITE);
loaded.catalog.build_id = contentHash(loaded.catalog);
let t = performance.now();
writeArtifacts(dist, loaded.catalog);
const artifactMs = performance.now() - t;
const indexBytes = readFileSync(join(dist, SEARCH_FILE));
// The catalog's size as JSON, without its terms and whole (no build file holds either: load-artifacts.ts).
const { terms: _terms, ...lean } = loaded.catalog;
const catalogBytes = Buffer.from(JSON.stringify(lean));
const fullBytes = Buffer.from(JSON.stringify(loaded.catalog));

// 2. Cold start: the function bundled as Netlify bundles it (esbuild, one ESM file), imported in fresh processes.
const bundle = join(work, 'public-api.mjs');
await build({
  entryPoints: [join(root, 'functions/public-api.mts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  outfile: bundle,
  logLevel: 'error',
});
/** Wall and CPU time of `import` (module code plus artifact load) in fresh processes, each list sorted. */
const coldStart = (module: string): { wall: number[]; cpu: number[] } => {
  const runs = Array.from({ length: 10 }, () => {
    const r = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const c = process.cpuUsage(); const t0 = performance.now(); await import(${JSON.stringify(module)}); const u = process.cpuUsage(c); process.stdout.write(JSON.stringify([performance.now() - t0, (u.user + u.system) / 1000]));`,
      ],
      { env: { ...process.env, SKRIBRA_DIST_DIR: dist }, encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`cold start failed: ${r.stderr}`);
    return JSON.parse(r.stdout) as [number, number];
  });
  return { wall: runs.map((r) => r[0]).sort((a, b) => a - b), cpu: runs.map((r) => r[1]).sort((a, b) => a - b) };
};
console.log('measuring cold starts (10 fresh processes each)...');
const coldBundled = coldStart(bundle);
const coldSource = coldStart(join(root, 'functions/public-api.mts'));

// 3. Handler latency, in process: request in, body read.
const { handler, catalog } = loadPublicApi(dist);
const call = async (q: string) => (await handler(new Request(`${SITE}${pathOf(q)}`))).text();
for (let i = 0; i < 20; i++) for (const q of QUERIES) await call(q);
const times: number[] = [];
const totals: Record<string, number> = {};
for (let round = 0; round < 50; round++) {
  for (const q of QUERIES) {
    t = performance.now();
    const body = await call(q);
    times.push(performance.now() - t);
    totals[q] ??= (JSON.parse(body) as { data: { total: number } }).data.total;
  }
}
times.sort((a, b) => a - b);

// 4. Requests/s through the local origin (its own process, so autocannon does not share its event loop).
console.log(`load: ${values.duration} s at 32 connections through the local origin...`);
const server = spawn(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `
  const { createLocalOrigin } = await import(${JSON.stringify(join(root, 'origin/local-origin.ts'))});
  const { listen } = await import(${JSON.stringify(join(root, 'origin/serve.ts'))});
  const { readConfig } = await import(${JSON.stringify(join(root, 'src/model/config.ts'))});
  const s = await listen(createLocalOrigin({ distDir: ${JSON.stringify(dist)}, config: readConfig() }).handler, 0, '127.0.0.1');
  process.stdout.write('PORT ' + s.port + '\\n');`,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const port = await new Promise<number>((ok, fail) => {
  server.stdout.on('data', (d: Buffer) => {
    const m = /PORT (\d+)/.exec(String(d));
    if (m) ok(Number(m[1]));
  });
  server.on('exit', (code) => fail(new Error(`origin exited (${code})`)));
});
const load = await autocannon({
  url: `http://127.0.0.1:${port}`,
  connections: 32,
  duration: Number(values.duration),
  requests: QUERIES.map((q) => ({ method: 'GET', path: pathOf(q) })),
});
server.kill();

const median = (xs: number[]) => xs[Math.floor(xs.length / 2)]!;
console.log(
  `\nload average while measuring: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')} on ${cpus().length} cores`,
);
console.log(`${catalog.pages.length} pages in the index (${pages} generated); artifacts written in ${ms(artifactMs)}`);
console.table({
  'search index artifact': { value: `${kib(indexBytes.length)} raw, ${kib(gzipSync(indexBytes).length)} gzip`, target: '' },
  'the catalog without its terms, as JSON': {
    value: `${kib(catalogBytes.length)} raw, ${kib(gzipSync(catalogBytes).length)} gzip`,
    target: '',
  },
  'the whole catalog, as JSON': {
    value: `${kib(fullBytes.length)} raw, ${kib(gzipSync(fullBytes).length)} gzip`,
    target: '',
  },
  'cold start, bundled (median of 10)': {
    value: `${ms(median(coldBundled.wall))} (min ${ms(coldBundled.wall[0]!)}, max ${ms(coldBundled.wall.at(-1)!)}; CPU ${ms(median(coldBundled.cpu))})`,
    target: '< 150 ms',
  },
  'cold start, unbundled source': { value: `${ms(median(coldSource.wall))} (CPU ${ms(median(coldSource.cpu))})`, target: '' },
  'handler p50': { value: ms(quantile(times, 0.5)), target: '' },
  'handler p99': { value: ms(quantile(times, 0.99)), target: '< 2 ms' },
  'handler max': { value: ms(times.at(-1)!), target: '' },
  'origin requests/s (32 connections)': {
    value: `${Math.round(load.requests.average)} (latency p99 ${load.latency.p99} ms, non-2xx ${load.non2xx}, errors ${load.errors})`,
    target: '>= 3,000',
  },
});
console.log(
  'matches per query:',
  Object.entries(totals)
    .map(([q, n]) => `${q}=${n}`)
    .join(', '),
);
if (values.keep) console.log(`kept: ${work}`);
else rmSync(work, { recursive: true, force: true });
