#!/usr/bin/env node
// `npm run bench:scale -- [--terms N] [--keep]`: the site at programmatic-SEO scale (issue 17). Builds the real
// content plus N generated glossary terms (default 100,000) with `astro build`, then reports: wall time and peak
// memory of the build (max RSS, GNU time), files written and dist/ size, the size of every machine-readable file and
// artifact, each Netlify function's bundle (esbuild as Netlify bundles it, plus its netlify.toml included_files,
// zipped), the public function's cold start (fresh processes: import, then its first term and first search) and
// its search latency p50/p99 in process. The blog (from the store) is left out.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { generateContent } from './generate-content.ts';
import { WITHOUT_BLOG } from '../src/dev/astro-build.ts';
import { loadPublicApi } from '../src/api/public/load-public-api.ts';
import { contentHash, loadCatalog } from '../src/catalog/load-catalog.ts';
import { writeArtifacts } from '../src/build/write-artifacts.ts';
import { writeMachineReadable } from '../src/build/write-machine-readable.ts';

const { values } = parseArgs({ options: {
  terms: { type: 'string', default: '100000' },
  keep: { type: 'boolean', default: false },
  // Skip Astro's HTML pages: write only what skribra-outputs writes from the catalog (artifacts, twins, llms files,
  // sitemaps), in this process. Minutes instead of an hour at 100,000 terms on a loaded 2-core machine.
  'no-html': { type: 'boolean', default: false },
  // Reuse generated content (a directory an earlier --keep run left).
  content: { type: 'string' },
} });
const terms = Number(values.terms);
const root = resolve(import.meta.dirname, '..');
// Inside the project (node_modules/.cache, ignored): Astro stages prerendered chunks in the output directory when it
// lies within the project, and in the project's shared .astro/ otherwise, where a concurrent build (a test run)
// would delete them. So this long build needs no build lock and holds up no one.
mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
const work = mkdtempSync(join(root, 'node_modules/.cache/skribra-bench-scale-'));
const dist = join(work, 'dist');
const SITE = 'https://skribra.com';

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 2 : 1)} MB`;
const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// 1. The build.
const content = values.content ?? (console.log(`generating real content + ${terms} terms...`), generateContent(terms, join(work, 'content')));
const timeFile = join(work, 'time.txt');
const started = performance.now();
let peakMb: number;
if (values['no-html']) {
  console.log('writing the artifacts, twins, llms files and sitemaps (no HTML)...');
  const loaded = loadCatalog(content, SITE);
  loaded.catalog.build_id = contentHash(loaded.catalog);
  writeArtifacts(dist, loaded.catalog);
  await writeMachineReadable(dist, loaded);
  peakMb = process.resourceUsage().maxRSS / 1024;
} else {
console.log('building (astro build)...');
const result = spawnSync('/usr/bin/time', ['-f', '%M', '-o', timeFile, process.execPath, join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', dist, '--silent'], {
  cwd: root, stdio: 'inherit', env: { ...process.env, ...WITHOUT_BLOG, SKRIBRA_CONTENT_DIR: content, SITE_URL: SITE },
});
if (result.status !== 0) {
  if (!values.keep) rmSync(work, { recursive: true, force: true });
  throw new Error(`build failed (exit ${result.status})`);
}
peakMb = Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop()) / 1024;
}
const seconds = (performance.now() - started) / 1000;
const files = readdirSync(dist, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => join(d.parentPath, d.name));
const size = (file: string) => statSync(file).size;
const distBytes = files.reduce((n, f) => n + size(f), 0);

// 2. The machine-readable files and the artifacts, a chunk directory as one line.
const groups = new Map<string, { count: number; bytes: number; largest: number; gzip?: number }>();
const add = (key: string, file: string) => {
  const g = groups.get(key) ?? { count: 0, bytes: 0, largest: 0 };
  const b = size(file);
  g.count++; g.bytes += b; g.largest = Math.max(g.largest, b);
  groups.set(key, g);
};
for (const file of files) {
  const rel = `/${relative(dist, file)}`;
  if (/^\/_skribra\/(pages|terms|term-items)\//.test(rel)) add(rel.replace(/\d+\.json$/, '*.json'), file);
  else if (rel.startsWith('/_skribra/') || /^\/(llms\.txt|llms-full\.txt|sitemap\.xml|robots\.txt)$/.test(rel)) add(rel, file);
  else if (rel.startsWith('/sitemaps/')) add('/sitemaps/*.xml', file);
  else if (rel.startsWith('/llms/')) add('/llms/*.txt', file);
}
for (const name of ['/llms-full.txt', '/llms.txt', '/sitemap.xml']) {
  const g = groups.get(name);
  if (g) g.gzip = gzipSync(readFileSync(join(dist, name))).length;
}

// 3. The functions as Netlify ships them: the esbuild bundle and the included_files, zipped.
const toml = readFileSync(join(root, 'netlify.toml'), 'utf8');
const bundles: Record<string, object> = {};
for (const name of ['public-api', 'blog-api', 'tools-api']) {
  const outfile = join(work, 'functions', `${name}.mjs`);
  await build({ entryPoints: [join(root, 'functions', `${name}.mts`)], bundle: true, platform: 'node', format: 'esm', target: 'node24', outfile, logLevel: 'error', external: ['pg-native'] });
  const globs = [...(new RegExp(`^\\[functions\\.${name}\\]\\s*included_files = \\[([^\\]]*)\\]`, 'm').exec(toml)?.[1] ?? '').matchAll(/"dist\/([^"]+)"/g)].map((m) => m[1]!);
  const included = files.map((f) => relative(dist, f)).filter((rel) => globs.some((g) => new RegExp(`^${g.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`).test(rel)));
  const zipFile = join(work, `${name}.zip`);
  const zip = spawnSync('zip', ['-q', '-X', zipFile, '-@'], { cwd: work, input: [relative(work, outfile), ...included.map((f) => `dist/${f}`)].join('\n') });
  if (zip.status !== 0) throw new Error(`zip failed: ${zip.stderr}`);
  bundles[name] = { 'bundle (MB)': mb(size(outfile)), 'included files': included.length, 'included (MB)': mb(included.reduce((n, f) => n + size(join(dist, f)), 0)), 'zipped (MB)': mb(size(zipFile)), 'limit': '50 MB zipped' };
}

// 4. Cold start of the bundled public function in fresh processes: import (module and artifact load), then the
// first request for one term and the first search (which reads the search index).
const term = JSON.parse(readFileSync(join(dist, '_skribra/terms-lookup.json'), 'utf8')).slugs.at(-1) as string;
const coldRuns = Array.from({ length: 7 }, () => {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', `
    const t0 = performance.now();
    const mod = await import(${JSON.stringify(join(work, 'functions/public-api.mjs'))});
    const t1 = performance.now();
    const a = await mod.default(new Request(${JSON.stringify(`${SITE}/_fn/public/api/v1/glossary/${term}?x=1`)})); await a.text();
    const t2 = performance.now();
    const b = await mod.default(new Request(${JSON.stringify(`${SITE}/_fn/public/api/v1/search?q=crawl%20budget`)})); await b.text();
    const t3 = performance.now();
    if (a.status !== 200 || b.status !== 200) throw new Error('status ' + a.status + ' ' + b.status);
    process.stdout.write(JSON.stringify([t1 - t0, t2 - t1, t3 - t2, process.memoryUsage().rss]));`],
  { env: { ...process.env, SKRIBRA_DIST_DIR: dist }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`cold start failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as [number, number, number, number];
});

// 5. Search latency in process, after the index is loaded.
const QUERIES = ['seo', 'crawl', 'canonical', 'schema', 'sitemap', 'crawl budget', 'internal link', 'ranking signal', 'hreflang map', 'crawl budget 1', 'anchor text gap', 'generated', 'generated term page'];
const { handler } = loadPublicApi(dist);
const call = async (q: string) => (await handler(new Request(`${SITE}/api/v1/search?q=${encodeURIComponent(q)}`))).text();
for (let i = 0; i < 5; i++) for (const q of QUERIES) await call(q);
const times: number[] = [];
for (let round = 0; round < 30; round++) for (const q of QUERIES) { const t = performance.now(); await call(q); times.push(performance.now() - t); }
times.sort((a, b) => a - b);

console.log(`\nload average: ${loadavg().map((l) => l.toFixed(1)).join(', ')} on ${cpus().length} cores`);
console.table([{ terms, build: values['no-html'] ? 'no HTML' : 'astro build', 'wall time (s)': seconds.toFixed(1), 'peak RSS (MB)': Math.round(peakMb), 'files written': files.length, 'dist/ (MB)': mb(distBytes).replace(' MB', '') }]);
console.log('machine-readable files and artifacts:');
console.table(Object.fromEntries([...groups].sort(([a], [b]) => a.localeCompare(b)).map(([k, g]) => [k, { files: g.count, 'total (MB)': mb(g.bytes), 'largest (MB)': mb(g.largest), gzip: g.gzip ? mb(g.gzip) : '' }])));
console.log('function bundles (esbuild + included_files, zip):');
console.table(bundles);
console.log('public function, bundled, fresh processes (median of 7):');
console.table({
  'cold start: import + core': ms(median(coldRuns.map((r) => r[0]))),
  'first request: one term (lookup + one chunk)': ms(median(coldRuns.map((r) => r[1]))),
  'first search (reads the search index)': ms(median(coldRuns.map((r) => r[2]))),
  'RSS after both': mb(median(coldRuns.map((r) => r[3]))),
  'search p50 (warm, in process)': ms(quantile(times, 0.5)),
  'search p99 (warm, in process)': ms(quantile(times, 0.99)),
});
if (values.keep) console.log(`kept: ${work}`);
else rmSync(work, { recursive: true, force: true });
