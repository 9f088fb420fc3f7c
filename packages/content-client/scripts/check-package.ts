// `npm run check:client-package`: the client as a customer receives it. Builds it, lints the package (publint, and
// @arethetypeswrong/cli on the packed tarball, ESM only), packs it with `npm pack`, and installs the tarball (a copy,
// not a link) into fresh projects outside the repository, each run against a local origin:
//   - a plain Node project whose script syncs the demo project,
//   - a copy of examples/astro-site, built (`astro build`),
//   - a copy of examples/nextjs-app, type-checked (`tsc --noEmit`).
// The origin is this script's own: the content API (/v1) over an embedded store with the demo account seeded, and
// public/ for the demo images, on a free loopback port; or a running one (`npm start`) when SKRIBRA_BASE_URL and
// SKRIBRA_API_KEY are set. `--only node,astro,next` picks the projects. Exits 1 on the first failure, saying which.
import { execFile, type ExecFileOptions } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const PKG = resolve(import.meta.dirname, '..');
const ROOT = resolve(PKG, '../..');
const BIN = join(ROOT, 'node_modules/.bin');
const NODE = process.execPath;
const { values: args } = parseArgs({ options: { only: { type: 'string' }, keep: { type: 'boolean' } } });
const only = new Set((args.only ?? 'node,astro,next').split(','));

const started = Date.now();
const step = (s: string) => console.log(`\n--- ${s} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
/** Runs a command (asynchronously: the origin below answers from this process); a failure stops the check naming it. */
async function run(cmd: string, argv: string[], opts: ExecFileOptions = {}): Promise<string> {
  try {
    return String((await promisify(execFile)(cmd, argv, { encoding: 'utf8', maxBuffer: 64 << 20, ...opts })).stdout);
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    throw new Error(`${[cmd, ...argv].join(' ')} failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}
const npm = (argv: string[], cwd: string) =>
  run(process.platform === 'win32' ? 'npm.cmd' : 'npm', [...argv, '--no-audit', '--no-fund', '--prefer-offline'], { cwd });

const work = mkdtempSync(join(tmpdir(), 'skribra-client-package-'));
chmodSync(work, 0o755); // the embedded PostgreSQL runs as its own user, below it
const cleanups: (() => Promise<void> | void)[] = [() => (args.keep ? undefined : rmSync(work, { recursive: true, force: true }))];

async function main() {
  step('build the client, publint, attw --pack (ESM only)');
  await npm(['run', 'build'], PKG);
  console.log((await run(join(BIN, 'publint'), ['--strict'], { cwd: PKG })).trim());
  console.log(
    (await run(join(BIN, 'attw'), ['--pack', '.', '--profile', 'esm-only', '--format', 'ascii', '--no-color'], { cwd: PKG })).trim(),
  );

  step('npm pack (of the build above)');
  const [packed] = JSON.parse(await npm(['pack', '--json', '--ignore-scripts', '--pack-destination', work], PKG)) as {
    filename: string;
    files: { path: string }[];
  }[];
  const tarball = join(work, packed!.filename);
  const files = packed!.files.map((f) => f.path);
  for (const f of ['package.json', 'README.md', 'CHANGELOG.md', 'dist/index.js', 'dist/index.d.ts', 'dist/astro.js'])
    if (!files.includes(f)) throw new Error(`the tarball lacks ${f}`);
  if (files.some((f) => f.startsWith('src/') || f.startsWith('scripts/'))) throw new Error('the tarball carries src/ or scripts/');
  console.log(`${tarball}: ${files.length} files`);

  const given = Boolean(process.env.SKRIBRA_BASE_URL && process.env.SKRIBRA_API_KEY);
  const origin = await startOrigin();
  const env = { ...process.env, SKRIBRA_BASE_URL: origin.url, SKRIBRA_API_KEY: origin.key, SKRIBRA_PROJECT_ID: origin.projectId };
  /** A fresh project outside the repository with the tarball installed; fails when npm linked it instead. */
  const install = async (dir: string, extra: string[] = []) => {
    await npm(['install', tarball, ...extra], dir);
    const at = join(dir, 'node_modules/@skribra/content');
    if (lstatSync(at).isSymbolicLink()) throw new Error(`${at} is a link, not the installed tarball`);
  };

  if (only.has('node')) {
    step('a plain Node project: npm install <tarball>, then a script that syncs the demo project');
    const dir = join(work, 'node-sync');
    cpSync(join(PKG, 'scripts/fixtures/node-sync'), dir, { recursive: true });
    await install(dir);
    const out = JSON.parse(await run(NODE, ['sync.mjs'], { cwd: dir, env })) as {
      upserted: number;
      images: number;
      sized: number;
      broken: number;
    };
    console.log(
      `synced ${out.upserted} articles, ${out.images} images (${out.sized} with width, height and placeholder, ${out.broken} broken)`,
    );
    if (!out.upserted) throw new Error('the sync brought no article');
    if (out.broken) throw new Error(`${out.broken} of the images the articles name do not load`);
    if (!given && out.sized < out.images) throw new Error("some of the demo's images came without width, height or placeholder");
  }

  if (only.has('astro')) {
    step('examples/astro-site, copied: npm install <tarball>, astro build');
    const dir = copyExample('astro-site');
    await install(dir);
    await run(join(dir, 'node_modules/.bin/astro'), ['build'], { cwd: dir, env: { ...env, ASTRO_TELEMETRY_DISABLED: '1' } });
    const pages = readdirSync(join(dir, 'dist'), { withFileTypes: true }).filter(
      (d) => d.isDirectory() && existsSync(join(dir, 'dist', d.name, 'index.html')),
    );
    if (!pages.length) throw new Error('the Astro build wrote no article page');
    const images = await brokenImages(join(dir, 'dist'));
    console.log(`built ${pages.length} article pages; ${images.count} image URLs (src and srcset), ${images.broken.length} broken`);
    if (images.broken.length) throw new Error(`broken images in the Astro build: ${images.broken.slice(0, 5).join(', ')}`);
    if (!given && !images.count) throw new Error("the Astro build shows none of the demo's images");
    const seen = await imagesInBrowser(
      join(dir, 'dist'),
      pages.map((p) => p.name),
    );
    console.log(`in Chromium: ${seen.loaded} images loaded on ${pages.length} article pages, ${seen.broken.length} broken`);
    if (seen.broken.length) throw new Error(`images that do not load in the browser: ${seen.broken.slice(0, 5).join(', ')}`);
  }

  if (only.has('next')) {
    step('examples/nextjs-app, copied: npm install <tarball> (next without optional binaries), tsc --noEmit');
    const dir = copyExample('nextjs-app');
    rmSync(join(dir, 'package-lock.json'), { force: true }); // it names the repository's folder
    await install(dir, ['--omit=optional']);
    await run(join(dir, 'node_modules/.bin/tsc'), ['--noEmit', '-p', '.'], { cwd: dir });
    console.log('type check clean');
  }
  step('done: the packed client installs and works outside the repository');
}

/** Every image URL (src and srcset) of the built pages, and those that do not load: a file of the build, or fetched. */
async function brokenImages(dist: string): Promise<{ count: number; broken: string[] }> {
  const urls = new Set<string>();
  for (const f of readdirSync(dist, { recursive: true }) as string[]) {
    if (!f.endsWith('.html')) continue;
    const html = readFileSync(join(dist, f), 'utf8');
    for (const m of html.matchAll(/<(?:img|source)\b[^>]*>/g)) {
      for (const a of m[0].matchAll(/\b(src|srcset)="([^"]*)"/g)) {
        for (const part of a[1] === 'src' ? [a[2]!] : a[2]!.split(',').map((c) => c.trim().split(/\s+/)[0]!)) urls.add(part);
      }
    }
  }
  const broken: string[] = [];
  for (const u of urls) {
    if (u.startsWith('/')) {
      if (!existsSync(join(dist, decodeURIComponent(u.split('?')[0]!)))) broken.push(u);
    } else {
      const res = await fetch(u).catch(() => undefined);
      if (!res?.ok || !res.headers.get('content-type')?.startsWith('image/')) broken.push(u);
      await res?.arrayBuffer();
    }
  }
  return { count: urls.size, broken };
}

/**
 * Each page of the build in Chromium (dev/chromium.ts), served from `dist` on a loopback port, scrolled to its
 * end so lazy images load: every <img> that has not loaded (naturalWidth 0 once complete) is broken.
 */
async function imagesInBrowser(dist: string, pages: string[]): Promise<{ loaded: number; broken: string[] }> {
  const { launch } = await import('../../../dev/chromium.ts');
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = join(dist, path.endsWith('/') ? `${path}index.html` : path);
    if (path.includes('..') || !existsSync(file) || !lstatSync(file).isFile()) return void res.writeHead(404).end();
    const type = { '.html': 'text/html', '.webp': 'image/webp', '.avif': 'image/avif', '.css': 'text/css', '.js': 'text/javascript' }[
      file.slice(file.lastIndexOf('.'))
    ];
    res.writeHead(200, { 'content-type': type ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launch();
  let loaded = 0;
  const broken: string[] = [];
  try {
    const page = await browser.newPage();
    for (const p of ['', ...pages]) {
      await page.goto(`${base}/${p ? `${p}/` : ''}`, { waitUntil: 'load' });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForFunction(() => [...document.images].every((i) => i.complete), undefined, { timeout: 15_000 });
      const states = await page.evaluate(() => [...document.images].map((i) => [i.currentSrc || i.src, i.naturalWidth > 0] as const));
      for (const [src, ok] of states) {
        if (ok) loaded++;
        else broken.push(`${p || '/'}: ${src}`);
      }
    }
  } finally {
    await browser.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
  return { loaded, broken };
}

/** A copy of examples/<name> outside the repository, its @skribra/content dependency left to the tarball. */
function copyExample(name: string): string {
  const from = join(ROOT, 'examples', name);
  const dir = join(work, name);
  cpSync(from, dir, {
    recursive: true,
    filter: (src) => !/[/\\](node_modules|dist|\.astro|\.next|\.cache)$/.test(src.slice(from.length)),
  });
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  delete pkg.dependencies['@skribra/content'];
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  return dir;
}

/** The origin the projects run against: a given one, or the content API over a fresh embedded store. */
async function startOrigin(): Promise<{ url: string; key: string; projectId: string }> {
  if (process.env.SKRIBRA_BASE_URL && process.env.SKRIBRA_API_KEY) {
    return {
      url: process.env.SKRIBRA_BASE_URL,
      key: process.env.SKRIBRA_API_KEY,
      projectId: process.env.SKRIBRA_PROJECT_ID ?? 'prj_demo_blog',
    };
  }
  step('a local origin: the content API over an embedded store with the demo account, and public/');
  let handler: ((req: Request) => Promise<Response>) | undefined;
  const { serveStatic } = await import('./fixtures/serve-static.ts');
  const server = createServer(async (req, res) => {
    const request = new Request(`http://127.0.0.1${req.url ?? '/'}`, { method: req.method, headers: req.headers as HeadersInit });
    const url = new URL(request.url);
    const answer = url.pathname.startsWith('/v1') && handler ? await handler(request) : serveStatic(join(ROOT, 'public'), url.pathname);
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  // The seed writes the demo images' URLs on this origin (http://localhost:PORT), as npm start does on its port.
  process.env.PORT = String(port);
  process.env.SKRIBRA_DATA_DIR = join(work, 'data');
  const { readConfig } = await import('../../../src/model/config.ts');
  const { openStore } = await import('../../../src/store/open-store.ts');
  const { seedDemo, DEMO_PROJECT_ON } = await import('../../../dev/seed/seed.ts');
  const { createContentApi } = await import('../../../src/request/api/content/create-content-api.ts');
  const config = readConfig();
  const store = await openStore({ config, databaseUrl: '', dataDir: process.env.SKRIBRA_DATA_DIR });
  cleanups.push(() => store.close());
  const key = await seedDemo(store, { config });
  if (!key) throw new Error('the fresh store was already seeded');
  handler = createContentApi({ sql: store.sql, config });
  const url = `http://localhost:${port}`;
  console.log(`serving ${url} (/v1 and public/), demo project ${DEMO_PROJECT_ON}`);
  return { url, key, projectId: DEMO_PROJECT_ON };
}

let code = 0;
try {
  await main();
} catch (err) {
  console.error(`\ncheck:client-package: ${(err as Error).message}`);
  code = 1;
} finally {
  for (const c of cleanups.reverse()) await c();
}
process.exit(code);
