#!/usr/bin/env node
// `npm run bench:scale -- [--terms N] [--keep] [--no-warm] [--json FILE]`: the site at programmatic-SEO scale (issues
// 17 and 24). Builds the real content plus N generated glossary terms (default 100,000) with `astro build` twice:
// cold (an empty dist/ and empty caches of Open Graph images, loaded content and term pages: SKRIBRA_OG_CACHE and
// SKRIBRA_BUILD_CACHE when set, which should then be empty, else fresh folders) and warm (a fresh dist/, the caches the
// cold build left, as a host keeps node_modules/.cache between builds). Reports: wall time and peak memory of each build (max RSS, GNU time), the
// build's own phase table for each (src/build-time/build-phases.ts: seconds and peak memory per phase), whether the cold and
// warm outputs are byte-identical (images aside), files written and dist/ size, the size of every machine-readable
// file and artifact, each Netlify function's bundle (esbuild as Netlify bundles it, plus its netlify.toml
// included_files, zipped), the public function's cold start (fresh processes: import, then its first term and first
// search) and its search latency p50/p99 in process, and the image function's cold start and render time, laid out as
// Netlify ships it. The blog (from the store) is left out. Remove .astro/ and node_modules/.cache/ first for a cold
// start of Astro too.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { generateContent } from './generate-content.ts';
import { bundleFunction, type FunctionBundle, netlifyFunctions } from './netlify/bundle-function.ts';
import { ASTRO_BUILD, WITHOUT_BLOG } from '../src/build-time/astro-build.ts';
import { loadPublicApi } from '../src/request/api/public/load-public-api.ts';
import { contentHash, loadCatalog } from '../src/model/catalog/load-catalog.ts';
import { writeArtifacts } from '../src/build-time/write-artifacts.ts';
import { writeMachineReadable } from '../src/build-time/write-machine-readable.ts';
import { limitsFrom } from '../src/request/api/content/limits.ts';
import { readConfig } from '../src/model/config.ts';
import { parsePhaseLines } from '../src/build-time/build-phases.ts';
import { searchDownload } from './search-download.ts';

const { values } = parseArgs({
  allowNegative: true,
  options: {
    terms: { type: 'string', default: '100000' },
    keep: { type: 'boolean', default: false },
    // Skip Astro's HTML pages: write only what skribra-outputs writes from the catalog (artifacts, twins, llms files,
    // sitemaps), in this process. Minutes instead of an hour at 100,000 terms on a loaded 2-core machine.
    'no-html': { type: 'boolean', default: false },
    // The second, warm build (on by default with HTML; --no-warm leaves it out).
    warm: { type: 'boolean', default: true },
    // Reuse generated content (a directory an earlier --keep run left).
    content: { type: 'string' },
    // Also write the figures as JSON (to compare the phase tables of two runs).
    json: { type: 'string' },
    // The builds' dist/ folders in memory (/dev/shm, linked from the work folder, so Astro still stages inside the
    // project): the phase table without the disk's cost of creating files, which on this machine's ext4 grows faster
    // than the number of files.
    tmpfs: { type: 'boolean', default: false },
  },
});
const terms = Number(values.terms);
const root = resolve(import.meta.dirname, '..');
// Inside the project (node_modules/.cache, ignored): Astro stages prerendered chunks in the output directory when it
// lies within the project, and in the project's shared .astro/ otherwise, where a concurrent build (a test run)
// would delete them. So this long build needs no build lock and holds up no one.
mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
const work = mkdtempSync(join(root, 'node_modules/.cache/skribra-bench-scale-'));
const shm = values.tmpfs ? mkdtempSync('/dev/shm/skribra-bench-scale-') : undefined;
// Astro stages the pages' server chunks in the output folder and imports them from there: by their real path, whose
// folders must lead to the project's packages.
if (shm) symlinkSync(join(root, 'node_modules'), join(shm, 'node_modules'), 'dir');
/** A folder for a build's output: in the work folder, or in memory behind a link from it (--tmpfs). */
const outFolder = (name: string) => {
  const path = join(work, name);
  if (shm) {
    mkdirSync(join(shm, name));
    symlinkSync(join(shm, name), path, 'dir');
  }
  return path;
};
const dist = outFolder('dist');
const SITE = 'https://skribra.com';

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 2 : 1)} MB`;
const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// 1. The builds.
if (!values.content) console.log(`generating real content + ${terms} terms...`);
const content = values.content ?? generateContent(terms, join(work, 'content'));
// SKRIBRA_OG_CACHE and SKRIBRA_BUILD_CACHE are the caller's to empty (the issue's cold run); without them, fresh
// folders in the work folder.
const ogCache = process.env.SKRIBRA_OG_CACHE || join(work, 'og-cache');
const buildCache = process.env.SKRIBRA_BUILD_CACHE || join(work, 'build-cache');
const pageCache = join(buildCache, 'pages');
for (const dir of [ogCache, pageCache]) mkdirSync(dir, { recursive: true });
const cached = (dir: string, ext: string) => readdirSync(dir).filter((n) => n.endsWith(ext)).length;
const astroState = ['.astro', 'node_modules/.astro'].filter((d) => existsSync(join(root, d)));

type Phases = ReturnType<typeof parsePhaseLines>;
interface BuildRun {
  label: string;
  seconds: number;
  peakMb: number;
  phases: Phases;
  cachedBefore: { images: number; pages: number };
  load: string;
}

/** One `astro build` into `outDir`, its output read for the phase lines (and kept to show if it fails). */
async function astroBuild(label: string, outDir: string): Promise<BuildRun> {
  const cachedBefore = { images: cached(ogCache, '.png'), pages: cached(pageCache, '.html') };
  console.log(
    `building (astro build, ${label}: ${cachedBefore.images} images and ${cachedBefore.pages} term pages in the caches${astroState.length ? `, ${astroState.join(' and ')} present` : ''})...`,
  );
  const timeFile = join(work, `time-${label}.txt`);
  const t0 = performance.now();
  const child = spawn('/usr/bin/time', ['-f', '%M', '-o', timeFile, process.execPath, ...ASTRO_BUILD, '--outDir', outDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      ...WITHOUT_BLOG,
      SKRIBRA_CONTENT_DIR: content,
      SITE_URL: SITE,
      SKRIBRA_OG_CACHE: ogCache,
      SKRIBRA_BUILD_CACHE: buildCache,
    },
  });
  const kept: string[] = [];
  const tail: string[] = [];
  for await (const line of createInterface({ input: child.stdout! })) {
    if (line.includes('phase ') || line.includes('[skribra-outputs]')) kept.push(line);
    tail.push(line);
    if (tail.length > 40) tail.shift();
  }
  const code = await new Promise<number | null>((ok) => (child.exitCode !== null ? ok(child.exitCode) : child.once('exit', ok)));
  if (code !== 0) {
    console.log(tail.join('\n'));
    if (!values.keep) for (const dir of [work, shm]) if (dir) rmSync(dir, { recursive: true, force: true });
    throw new Error(`${label} build failed (exit ${code})`);
  }
  for (const line of kept.filter((l) => !l.includes('phase '))) console.log(`  ${line.replace(/^.*?\[skribra-outputs\] /, '')}`);
  return {
    label,
    seconds: (performance.now() - t0) / 1000,
    peakMb: Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop()) / 1024,
    phases: parsePhaseLines(kept.join('\n')),
    cachedBefore,
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  };
}

const started = performance.now();
let peakMb: number;
const runs: BuildRun[] = [];
if (values['no-html']) {
  console.log('writing the artifacts, twins, llms files and sitemaps (no HTML)...');
  const loaded = loadCatalog(content, SITE);
  loaded.catalog.build_id = contentHash(loaded.catalog);
  writeArtifacts(dist, loaded.catalog);
  await writeMachineReadable(dist, loaded, limitsFrom(readConfig()));
  peakMb = process.resourceUsage().maxRSS / 1024;
} else {
  runs.push(await astroBuild('cold', dist));
  peakMb = runs[0]!.peakMb;
}
const seconds = values['no-html'] ? (performance.now() - started) / 1000 : runs[0]!.seconds;
const filesOf = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
const files = filesOf(dist);

// The warm build, and every file it wrote compared with the cold build's (images aside: the build writes the same
// ones, from the cache instead of the renderer). The RSS feed carries its build date.
let identity: Record<string, unknown> | undefined;
if (!values['no-html'] && values.warm) {
  const warmDist = outFolder('dist-warm');
  runs.push(await astroBuild('warm', warmDist));
  const hash = (file: string) => createHash('sha1').update(readFileSync(file)).digest('hex');
  const group = (rel: string) =>
    rel.endsWith('.png')
      ? 'images'
      : rel.endsWith('.md')
        ? 'twins'
        : rel.endsWith('.html')
          ? 'HTML'
          : rel.startsWith('api/')
            ? 'static JSON'
            : /^sitemaps?[./]/.test(rel)
              ? 'sitemaps'
              : 'other';
  const warmFiles = new Set(filesOf(warmDist).map((f) => relative(warmDist, f)));
  const compared: Record<string, { files: number; differ: number; examples: string[] }> = {};
  for (const rel of files.map((f) => relative(dist, f))) {
    const g = (compared[group(rel)] ??= { files: 0, differ: 0, examples: [] });
    g.files++;
    if (!warmFiles.delete(rel) || hash(join(dist, rel)) !== hash(join(warmDist, rel))) {
      g.differ++;
      if (g.examples.length < 3) g.examples.push(rel);
    }
  }
  identity = {
    ...compared,
    'only in the warm build': { files: warmFiles.size, differ: warmFiles.size, examples: [...warmFiles].slice(0, 3) },
  };
  rmSync(shm ? join(shm, 'dist-warm') : warmDist, { recursive: true, force: true });
}
const size = (file: string) => statSync(file).size;
const distBytes = files.reduce((n, f) => n + size(f), 0);

// 2. The machine-readable files and the artifacts, a chunk directory as one line.
const groups = new Map<string, { count: number; bytes: number; largest: number; gzip?: number }>();
const add = (key: string, file: string) => {
  const g = groups.get(key) ?? { count: 0, bytes: 0, largest: 0 };
  const b = size(file);
  g.count++;
  g.bytes += b;
  g.largest = Math.max(g.largest, b);
  groups.set(key, g);
};
for (const file of files) {
  const rel = `/${relative(dist, file)}`;
  if (/^\/_skribra\/(pages|terms|term-items)\//.test(rel)) add(rel.replace(/\d+\.json$/, '*.json'), file);
  else if (rel.startsWith('/_skribra/og/')) add('/_skribra/og/*.json (image index)', file);
  else if (rel.startsWith('/_skribra/') || /^\/(llms\.txt|llms-full\.txt|sitemap\.xml|robots\.txt)$/.test(rel)) add(rel, file);
  else if (rel.startsWith('/sitemaps/')) add('/sitemaps/*.xml', file);
  else if (rel.startsWith('/llms/')) add('/llms/*.txt', file);
}
for (const name of ['/llms-full.txt', '/llms.txt', '/sitemap.xml']) {
  const g = groups.get(name);
  if (g) g.gzip = gzipSync(readFileSync(join(dist, name))).length;
}

// 3. The functions as Netlify ships them, laid out from netlify.toml alone (scripts/netlify/bundle-function.ts): the
// esbuild bundle, the included_files and the external packages, zipped.
const toml = readFileSync(join(root, 'netlify.toml'), 'utf8');
const fns: Record<string, FunctionBundle> = {};
const bundles: Record<string, object> = {};
for (const name of netlifyFunctions(toml)) {
  const b = await bundleFunction(name, { distDir: dist, outDir: join(work, `${name}-fn`) });
  fns[name] = b;
  const zipFile = join(work, `${name}.zip`);
  const modules = existsSync(join(b.dir, 'node_modules')) ? ['node_modules'] : [];
  const zip = spawnSync('zip', ['-q', '-X', '-r', zipFile, relative(b.dir, b.entry), ...b.included, ...modules], { cwd: b.dir });
  if (zip.status !== 0) throw new Error(`zip failed: ${zip.stderr}`);
  bundles[name] = {
    'bundle (MB)': mb(b.bundleBytes),
    'included files': b.included.length,
    'included (MB)': mb(b.includedBytes),
    'zipped (MB)': mb(size(zipFile)),
    limit: '50 MB zipped',
  };
}
const ogBundle = fns['og-image']!;

// 4. Cold start of the bundled public function in fresh processes: import (module and artifact load), then the
// first request for one term and the first search (which reads the search index).
const term = JSON.parse(readFileSync(join(dist, '_skribra/terms-lookup.json'), 'utf8')).slugs.at(-1) as string;
const coldRuns = Array.from({ length: 7 }, () => {
  const r = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `
    const t0 = performance.now();
    const mod = await import(${JSON.stringify(fns['public-api']!.entry)});
    const t1 = performance.now();
    const a = await mod.default(new Request(${JSON.stringify(`${SITE}/_fn/public/api/v1/glossary/${term}?x=1`)})); await a.text();
    const t2 = performance.now();
    const b = await mod.default(new Request(${JSON.stringify(`${SITE}/_fn/public/api/v1/search?q=crawl%20budget`)})); await b.text();
    const t3 = performance.now();
    if (a.status !== 200 || b.status !== 200) throw new Error('status ' + a.status + ' ' + b.status);
    process.stdout.write(JSON.stringify([t1 - t0, t2 - t1, t3 - t2, process.memoryUsage().rss]));`,
    ],
    { env: { ...process.env, SKRIBRA_DIST_DIR: dist }, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`cold start failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as [number, number, number, number];
});

// The image function's cold start in fresh processes, from its own folder as Netlify runs it: import, then its first
// image (a term's, which the build left to it: the index file, the fonts, satori's first layout), then a second.
const termImages = [1, 2].map(
  (n) =>
    new URL(
      /<meta property="og:image" content="([^"]+)"/.exec(
        readFileSync(
          join(dist, 'glossary', JSON.parse(readFileSync(join(dist, '_skribra/terms-lookup.json'), 'utf8')).slugs.at(-n), 'index.html'),
          'utf8',
        ),
      )![1]!,
    ).pathname,
);
const imageRuns = Array.from({ length: 5 }, () => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'SKRIBRA_DIST_DIR'));
  const r = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `
    const t0 = performance.now();
    const mod = await import(${JSON.stringify(ogBundle.entry)});
    const t1 = performance.now();
    const a = await mod.default(new Request(${JSON.stringify(`${SITE}${termImages[0]}`)})); const png = Buffer.from(await a.arrayBuffer());
    const t2 = performance.now();
    const b = await mod.default(new Request(${JSON.stringify(`${SITE}${termImages[1]}`)})); await b.arrayBuffer();
    const t3 = performance.now();
    if (a.status !== 200 || b.status !== 200 || a.headers.get('content-type') !== 'image/png') throw new Error('status ' + a.status + ' ' + b.status);
    process.stdout.write(JSON.stringify([t1 - t0, t2 - t1, t3 - t2, process.memoryUsage().rss, png.length]));`,
    ],
    { cwd: ogBundle.dir, env, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`image function cold start failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as [number, number, number, number, number];
});

// 5. Search latency in process, after the index is loaded.
const QUERIES = [
  'seo',
  'crawl',
  'canonical',
  'schema',
  'sitemap',
  'crawl budget',
  'internal link',
  'ranking signal',
  'hreflang map',
  'crawl budget 1',
  'anchor text gap',
  'generated',
  'generated term page',
];
const { handler } = loadPublicApi(dist);
const call = async (q: string) => (await handler(new Request(`${SITE}/api/v1/search?q=${encodeURIComponent(q)}`))).text();
for (let i = 0; i < 5; i++) for (const q of QUERIES) await call(q);
const times: number[] = [];
for (let round = 0; round < 30; round++)
  for (const q of QUERIES) {
    const t = performance.now();
    await call(q);
    times.push(performance.now() - t);
  }
times.sort((a, b) => a - b);

console.log(
  `\nload average: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')} on ${cpus().length} cores`,
);
console.table([
  {
    terms,
    build: values['no-html'] ? 'no HTML' : 'astro build, cold',
    'wall time (s)': seconds.toFixed(1),
    'peak RSS (MB)': Math.round(peakMb),
    'files written': files.length,
    'dist/ (MB)': mb(distBytes).replace(' MB', ''),
  },
]);
if (runs.length) {
  console.log('builds (wall time and peak RSS of the whole build process; load average when each ended):');
  console.table(
    Object.fromEntries(
      runs.map((r) => [
        r.label,
        {
          'wall time (s)': r.seconds.toFixed(1),
          'peak RSS (MB)': Math.round(r.peakMb),
          'images cached before': r.cachedBefore.images,
          'term pages cached before': r.cachedBefore.pages,
          'load (1, 5, 15 min)': r.load,
        },
      ]),
    ),
  );
  console.log(
    'where the time goes, by phase (the build\'s own marks: seconds and peak RSS within each; "beside" runs on other threads alongside):',
  );
  const names = [...new Set(runs.flatMap((r) => r.phases.map((p) => p.name)))];
  console.table(
    Object.fromEntries(
      names.map((name) => [
        name,
        Object.fromEntries(
          runs.flatMap((r) => {
            const p = r.phases.find((x) => x.name === name);
            return [
              [`${r.label} (s)`, p ? `${p.seconds.toFixed(1)}${p.beside ? ' beside' : ''}` : ''],
              [`${r.label} peak (MB)`, p?.peakMb ?? ''],
            ];
          }),
        ),
      ]),
    ),
  );
}
if (identity) {
  console.log('cold and warm builds compared, file by file (images: the same files, from the cache the second time):');
  console.table(identity);
}
console.log('machine-readable files and artifacts:');
console.table(
  Object.fromEntries(
    [...groups]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, g]) => [k, { files: g.count, 'total (MB)': mb(g.bytes), 'largest (MB)': mb(g.largest), gzip: g.gzip ? mb(g.gzip) : '' }]),
  ),
);
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
console.log('image function, bundled as netlify.toml ships it, fresh processes (median of 5):');
console.table({
  'cold start: import': ms(median(imageRuns.map((r) => r[0]))),
  'first image (index file, fonts, first layout)': ms(median(imageRuns.map((r) => r[1]))),
  'second image': ms(median(imageRuns.map((r) => r[2]))),
  'RSS after both': mb(median(imageRuns.map((r) => r[3]))),
  'PNG size': `${(imageRuns[0]![4] / 1024).toFixed(1)} KB (limit: 6 MB)`,
});
// 4. The full-text index (SKRIBRA_SEARCH_INDEX=0 builds without it): its size, and what a visitor's first query
// downloads (scripts/search-download.ts), the page table (pf_meta, which grows with the pages) beside the rest.
const searchFiles = files.filter((f) => relative(dist, f).startsWith('pagefind/'));
const downloads = searchFiles.length ? await searchDownload(dist, ['webhook signature', 'crawl budget', 'canonical url redirects']) : [];
if (downloads.length) {
  console.log(
    `full-text index: ${searchFiles.length} files, ${mb(searchFiles.reduce((n, f) => n + size(f), 0))}; a first query downloads:`,
  );
  console.table(
    Object.fromEntries(
      downloads.map((d) => [
        d.query,
        {
          'total (KB)': (d.bytes / 1024).toFixed(1),
          'page table, pf_meta (KB)': (Object.entries(d.files).find(([f]) => f.endsWith('.pf_meta'))![1] / 1024).toFixed(1),
          hits: d.hits,
          files: Object.keys(d.files).length,
        },
      ]),
    ),
  );
} else console.log('full-text index: none (SKRIBRA_SEARCH_INDEX=0)');
if (values.json) {
  writeFileSync(
    values.json,
    `${JSON.stringify({ terms, load: loadavg(), seconds, peakMb, files: files.length, runs, identity, imageFunction: imageRuns, searchDownloads: downloads }, null, 2)}\n`,
  );
  console.log(`figures written to ${values.json}`);
}
if (values.keep) console.log(`kept: ${work}${shm ? ` (dist/ in ${shm})` : ''}`);
else for (const dir of [work, shm]) if (dir) rmSync(dir, { recursive: true, force: true });
