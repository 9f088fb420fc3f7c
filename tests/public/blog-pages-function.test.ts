// The blog's Netlify functions as Netlify ships them (scripts/netlify/bundle-function.ts: esbuild, with only what
// netlify.toml includes, run in a fresh process away from the checkout): blog-pages answers every on-request route
// byte for byte as the local origin does over the same build and store, and the purge worker's scheduled function
// sends a change's tags to Netlify's purge API. The literal paths of the function and of the markdown edge function
// are held to liveRoute: every path it answers reaches the function, and the edge function leaves the pages to it.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/model/config.ts';
import { liveRoute } from '../../src/request/blog/live-blog.ts';
import { createLocalOrigin } from '../../origin/local-origin.ts';
import { publishWithImages } from '../../src/request/publishing/publish-article.ts';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { connect } from '../../src/store/open-store.ts';
import { bundleFunction, type FunctionBundle } from '../../scripts/netlify/bundle-function.ts';
import { createFunctionRouter } from '../../scripts/netlify/functions-host.ts';
import { builtSite } from '../helpers/built-site.ts';
import { articleInput, openTestStore, uniq, type TestStore } from '../content/helpers.ts';

const root = resolve(import.meta.dirname, '../..');
/** The strings of a literal array `key: [...]` in a source file (comments left out). */
const literal = (file: string, key: string) =>
  [
    ...new RegExp(`${key}: \\[([^\\]]*)\\]`)
      .exec(readFileSync(join(root, file), 'utf8'))![1]!
      .replace(/\/\/.*$/gm, '')
      .matchAll(/'([^']+)'/g),
  ].map((m) => m[1]!);

describe('the literal paths, held to liveRoute', () => {
  const fn = createFunctionRouter([
    { name: 'blog-pages', config: { path: literal('functions/blog-pages.mts', 'path') }, handler: () => undefined },
  ]);
  // As @netlify/edge-bundler compiles a path: the URLPattern, or the pattern plus one trailing slash.
  const edge = (patterns: string[]) => (path: string) =>
    patterns.some((p) => {
      const pattern = new URLPattern({ pathname: p });
      return pattern.test({ pathname: path }) || (path.endsWith('/') && pattern.test({ pathname: path.slice(0, -1) }));
    });
  const markdownEdge = edge(literal('netlify/edge-functions/markdown.ts', 'excludedPath'));

  const answered = [
    ...['/blog/', '/blog', '/blog.md', '/blog/page/2/', '/blog/page/2', '/blog/page/2.md', '/blog/page/120/'],
    ...['/blog/an-article/', '/blog/an-article', '/blog/an-article.md', '/blog/rss.xml'],
    ...['/llms.txt', '/sitemap.xml', '/sitemaps/blog-1.xml', '/sitemaps/blog-12.xml'],
    ...['/og/blog/an-article.png', '/covers/blog/an-article.png', '/og/blog/page/2.png'],
  ];
  it.each(answered)('%s: liveRoute answers it, the function is reached, the markdown edge function steps aside', (path) => {
    expect(liveRoute(path)).toBeDefined();
    expect(fn.match(path, 'GET')?.name).toBe('blog-pages');
    expect(markdownEdge(path) || /\.(txt|xml|png)$/.test(path)).toBe(true);
  });

  it("reaches none of the site's other files", () => {
    for (const path of ['/', '/glossary/', '/og/blog.png', '/og/index.png', '/sitemaps/glossary-1.xml', '/robots.txt', '/blogs/'])
      expect(fn.match(path, 'GET'), path).toBeUndefined();
  });
});

let tmp: string;
let distDir: string;
let site: string;
let t: TestStore;
let project: string;
let slug: string;
let pages: FunctionBundle;
let purge: FunctionBundle;
beforeAll(async () => {
  ({ distDir, siteUrl: site } = await builtSite());
  tmp = mkdtempSync(join(tmpdir(), 'skribra-blog-pages-bundle-'));
  t = await openTestStore();
  const { account_id } = await createAccount(t.store.sql, uniq('Blog Co'));
  project = await createProject(t.store.sql, { accountId: account_id, name: 'Company blog' });
  slug = uniq('bundled');
  await publishWithImages(t.store.sql, project, articleInput(slug, 'A bundled article'), { SKRIBRA_WEBHOOK_ALLOW_PRIVATE: false });
  pages = await bundleFunction('blog-pages', { distDir, outDir: join(tmp, 'blog-pages') });
  purge = await bundleFunction('blog-purge', { distDir, outDir: join(tmp, 'blog-purge') });
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** The bundle's default export called once per request in a fresh process run from its own directory, as on Netlify. */
async function runBundled(bundle: FunctionBundle, env: Record<string, string>, requests: { path: string; accept?: string }[]) {
  const script = `
    const fn = await import(${JSON.stringify(bundle.entry)});
    const out = [];
    for (const r of ${JSON.stringify(requests)}) {
      const res = await fn.default(new Request(${JSON.stringify(site)} + r.path, { headers: r.accept ? { accept: r.accept } : {} }));
      out.push({ status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()).toString('base64') });
    }
    // The store's pool keeps the process alive: it ends once the answers are written (a pipe writes asynchronously).
    process.stdout.write(JSON.stringify(out), () => process.exit(0));`;
  // No SKRIBRA_DIST_DIR: the function finds dist/ under its working directory, as on Netlify.
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !['SKRIBRA_DIST_DIR', 'NODE_OPTIONS', 'DATABASE_URL'].includes(k)),
  );
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    cwd: bundle.dir,
    env: { ...base, NETLIFY_DB_URL: '', ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
    timeout: 60_000,
  });
  return JSON.parse(stdout) as { status: number; headers: Record<string, string>; body: string }[];
}

/** A body as a failed comparison shows it best: text as text, anything else as base64. */
const readable = (type: string | null | undefined, body: Buffer) =>
  /^(text\/|application\/(json|xml|rss\+xml))/.test(type ?? '') ? body.toString('utf8') : body.toString('base64');

describe('functions/blog-pages.mts, bundled as Netlify bundles it', () => {
  it('ships the live parts, its pages’ settings and content, and no other file of the build', () => {
    const fromDist = pages.included.filter((f) => f.startsWith('dist/')).sort();
    expect(fromDist).toEqual(expect.arrayContaining(['dist/404.html', 'dist/404.md', 'dist/_headers', 'dist/_skribra/render.json']));
    expect(
      fromDist.filter((f) => !/^dist\/(404\.(html|md)|_headers|_skribra\/(render|content-signal)\.json|_skribra\/live\/)/.test(f)),
    ).toEqual([]);
    expect(pages.included.some((f) => f.startsWith('content/'))).toBe(true);
  });

  it('answers every kind of route as the local origin does, byte for byte', async () => {
    const requests = [
      { path: `/blog/${slug}/` },
      { path: `/blog/${slug}.md` },
      { path: `/blog/${slug}/`, accept: 'text/markdown' },
      { path: `/blog/${slug}` },
      { path: '/blog/no-such-article/' },
      { path: '/blog/no-such-article.md' },
      { path: '/blog/' },
      { path: '/blog/rss.xml' },
      { path: '/llms.txt' },
      { path: '/sitemap.xml' },
      { path: `/og/blog/${slug}.png` },
      { path: '/blog/a/b/' },
    ];
    const env = { DATABASE_URL: t.url, SKRIBRA_BLOG_PROJECT_ID: project };
    const bundled = await runBundled(pages, env, requests);
    const { handler } = createLocalOrigin({ distDir, config: readConfig({ ...process.env, ...env }), sql: t.store.sql });
    for (const [i, r] of requests.entries()) {
      const res = await handler(new Request(`${site}${r.path}`, { headers: r.accept ? { accept: r.accept } : {} }));
      const local = { status: res.status, body: readable(res.headers.get('content-type'), Buffer.from(await res.arrayBuffer())) };
      const got = bundled[i]!;
      expect({ path: r.path, status: got.status, body: readable(got.headers['content-type'], Buffer.from(got.body, 'base64')) }).toEqual({
        path: r.path,
        ...local,
      });
      for (const h of [
        'content-type',
        'location',
        'vary',
        'etag',
        'netlify-cache-tag',
        'netlify-cdn-cache-control',
        'content-security-policy',
      ])
        expect(got.headers[h], `${r.path} ${h}`).toBe(res.headers.get(h) ?? undefined);
    }
    expect(bundled[0]).toMatchObject({ status: 200, headers: { 'netlify-cache-tag': `blog/${slug}` } });
  }, 60_000);

  it('answers the store-away page, 502 and never cached, as the local origin does', async () => {
    // A port that was just free and is closed again: connections are refused.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const away = `postgres://skribra:x@127.0.0.1:${(probe.address() as AddressInfo).port}/skribra`;
    await new Promise((r) => probe.close(r));
    const env = { DATABASE_URL: away, SKRIBRA_BLOG_PROJECT_ID: 'prj_blog', SKRIBRA_BLOG_TIMEOUT_MS: '2000' };
    const requests = [{ path: '/blog/an-article/' }, { path: '/blog/an-article.md' }];
    const bundled = await runBundled(pages, env, requests);
    const config = readConfig({ ...process.env, ...env });
    const sql = connect(away, 1, config);
    try {
      const { handler } = createLocalOrigin({ distDir, config, sql });
      for (const [i, r] of requests.entries()) {
        const res = await handler(new Request(`${site}${r.path}`));
        const got = bundled[i]!;
        expect({
          status: got.status,
          cache: got.headers['cache-control'],
          body: readable(got.headers['content-type'], Buffer.from(got.body, 'base64')),
        }).toEqual({
          status: 502,
          cache: res.headers.get('cache-control'),
          body: readable(res.headers.get('content-type'), Buffer.from(await res.arrayBuffer())),
        });
      }
    } finally {
      await sql.end({ timeout: 1 });
    }
  }, 60_000);
});

describe('functions/blog-purge.mts, bundled as Netlify bundles it', () => {
  let server: Server;
  const received: { auth?: string; body: { site_id: string; cache_tags: string[] } }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.url === '/api/v1/purge')
          received.push({ auth: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        res.writeHead(req.url === '/api/v1/purge' ? 202 : 404).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it("sends the changes' tags to Netlify's purge API with the function's token and site", async () => {
    const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const env = { DATABASE_URL: t.url, SKRIBRA_BLOG_PROJECT_ID: project, NETLIFY_PURGE_API_TOKEN: 'purge-token', SITE_ID: 'site-1' };
    const script = `const fn = await import(${JSON.stringify(purge.entry)}); const res = await fn.default(); process.stdout.write('status ' + res.status, () => process.exit(0));`;
    const base = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !['SKRIBRA_DIST_DIR', 'NODE_OPTIONS', 'SKRIBRA_PURGE_URL'].includes(k)),
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      cwd: purge.dir,
      env: { ...base, NETLIFY_DB_URL: '', SKRIBRA_NETLIFY_API_URL: api, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(stdout).toContain('status 204');
    expect(stdout).toContain('blog purges (netlify): 1 batches, caught-up');
    expect(received).toEqual([{ auth: 'Bearer purge-token', body: { site_id: 'site-1', cache_tags: [`blog/${slug}`, 'blog'] } }]);
  }, 60_000);
});
