// Issue 46 through a real shared cache: Debian's Varnish with xkey (scripts/ci-varnish.sh, the repository's VCL) in
// front of `npm start`, which purges it (SKRIBRA_PURGE_URL). Static pages and the blog are hits the second time;
// after a change in the house blog, the next request through Varnish for each changed answer is fresh within 2 s,
// untouched answers are still hits, and a burst of changes is one purge batch; with the origin gone, a purged page is
// still served. Run by `npx vitest run --config tests/varnish.config.ts` (CI installs Varnish first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readConfig } from '../../src/model/config.ts';
import { openStore, type Store } from '../../src/store/open-store.ts';
import { publishArticle } from '../../src/store/repos/articles.ts';
import { BLOG_PROJECT_ID } from '../../src/store/repos/blog-project.ts';
import { freePort } from '../../src/store/free-port.ts';
import { sleep } from '../../src/store/process-alive.ts';
import { skribraProcess } from '../helpers/cli.ts';
import { npmStart, within, type Service } from '../helpers/npm-start.ts';
import { startVarnish, type Varnish } from './start-varnish.ts';

const _root = resolve(import.meta.dirname, '../..');
const LIVE_MS = 2000;
const dataDir = mkdtempSync(join(tmpdir(), 'skribra-varnish-data-'));
const files = mkdtempSync(join(tmpdir(), 'skribra-varnish-files-'));
const run = Date.now().toString(36);
const slug = `through-varnish-${run}`;
const MARKDOWN = { accept: 'text/markdown' };
let origin = '';
let varnish: Varnish | undefined;
let service: Service | undefined;
let store: Store | undefined;
let untouched = '';

const article = (s: string, title: string) => ({
  title,
  slug: s,
  excerpt: 'An article the Varnish test publishes and changes.',
  content_html: '<h2 id="one">One</h2><p>The body.</p>',
  tags: [],
  related_articles: [],
  sources: [],
  json_ld: [],
});
const via = (path: string, headers: Record<string, string> = {}) => fetch(`${varnish!.url}${path}`, { headers });
/** A request through Varnish, its body read: the X-Cache it got. */
const cacheOf = async (path: string, headers: Record<string, string> = {}) => {
  const res = await via(path, headers);
  await res.arrayBuffer();
  return res.headers.get('x-cache');
};
const batches = () => (service?.out() ?? '').split('\n').filter((l) => /^cache purge: \d+ tags in one batch/.test(l)).length;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  varnish = startVarnish(origin);
  service = await npmStart({ SKRIBRA_DATA_DIR: dataDir, DATABASE_URL: undefined, SKRIBRA_PURGE_URL: `${varnish.url}/_purge` }, port);
  store = await openStore({ config: readConfig(), dataDir });
  // The purge worker's first run sends the whole blog (its cursor starts at 0): let it pass before the test counts.
  while (batches() === 0) await sleep(100);
  untouched = (await (await fetch(`${origin}/api/v1/articles?limit=1`)).json()).data.items[0].slug;
});

afterAll(async () => {
  await store?.close();
  await service?.stop();
  varnish?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(files, { recursive: true, force: true });
});

/** What a change of the article at `s` makes stale: its page and twins, the lists, the feed, sitemap, llms.txt, API. */
const CHANGED = (s: string) => [
  `/blog/${s}/`,
  `/blog/${s}.md`,
  '/blog/',
  '/blog/rss.xml',
  '/sitemap.xml',
  '/llms.txt',
  `/api/v1/articles/${s}`,
];
/** Static pages (dist/): kept a minute by the VCL, never purged by the blog. */
const STATIC = ['/', '/glossary/', '/glossary/canonical-url/'];

describe('the live blog behind Varnish with xkey', () => {
  it('keeps static pages and the blog: the second request is a hit, one copy per Accept', async () => {
    for (const path of [...STATIC, ...CHANGED(slug), `/blog/${untouched}/`]) {
      await cacheOf(path);
      expect([path, await cacheOf(path)]).toEqual([path, 'HIT']);
    }
    // The page's markdown twin by Accept is a copy of its own (the origin sends Vary: Accept).
    const md = await via(`/blog/${untouched}/`, MARKDOWN);
    expect([md.headers.get('content-type'), md.headers.get('x-cache')]).toEqual(['text/markdown; charset=utf-8', 'MISS']);
    expect(await md.text()).toMatch(/^# /);
    expect(await cacheOf(`/blog/${untouched}/`, MARKDOWN)).toBe('HIT');
    expect(await cacheOf(`/blog/${untouched}/`)).toBe('HIT');
  });

  it('after a publish, each changed answer is fresh within 2 s, and untouched ones are still hits', async () => {
    const file = join(files, `${slug}.json`);
    writeFileSync(file, JSON.stringify(article(slug, 'Through Varnish')));
    const r = await skribraProcess(['article', 'publish', '--project', BLOG_PROJECT_ID, '--file', file], {
      SKRIBRA_DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      SKRIBRA_PURGE_URL: `${varnish!.url}/_purge`,
    });
    expect(r.code, r.stderr).toBe(0);
    await within(LIVE_MS, async () => {
      const page = await via(`/blog/${slug}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Through Varnish');
      expect(await (await via(`/blog/${slug}/`, MARKDOWN)).text()).toMatch(/^# Through Varnish/);
      expect(await (await via(`/blog/${slug}.md`)).text()).toMatch(/^# Through Varnish/);
      expect(await (await via('/blog/')).text()).toContain(`/blog/${slug}/`);
      expect(await (await via('/blog/rss.xml')).text()).toContain('<title>Through Varnish</title>');
      expect(await (await via('/sitemap.xml')).text()).toContain(`${origin}/blog/${slug}/`);
      expect(await (await via('/llms.txt')).text()).toContain(`/blog/${slug}.md`);
      expect((await via(`/api/v1/articles/${slug}`)).status).toBe(200);
    });
    for (const path of [`/blog/${untouched}/`, ...STATIC]) expect([path, await cacheOf(path)]).toEqual([path, 'HIT']);
    const other = await via(`/blog/${untouched}/`);
    await other.arrayBuffer();
    expect(Number(other.headers.get('age'))).toBeGreaterThan(0);
  });

  it('a burst of changes is one purge batch, and each changed page is fresh after it', async () => {
    const before = batches();
    const slugs = Array.from({ length: 5 }, (_, i) => `burst-${i}-${run}`);
    for (const s of slugs) await (await via(`/blog/${s}/`)).arrayBuffer(); // a 404 kept, tagged by its slug
    await Promise.all(slugs.map((s) => publishArticle(store!.sql, BLOG_PROJECT_ID, article(s, `Burst ${s}`))));
    // Within the purge worker's spacing (2.5 s after its last batch: Netlify's two purges of a tag per 5 s) and a tick.
    await within(4000, async () => {
      for (const s of slugs) expect((await via(`/blog/${s}/`)).status).toBe(200);
    });
    await sleep(3000); // past the worker's 2.5 s spacing: a second batch for the same burst would show now
    expect(batches() - before).toBe(1);
  });

  it('with the origin gone, a kept page is served, a purged one too (stale-if-error); nothing kept is a 503', async () => {
    await cacheOf(`/blog/${slug}/`);
    const purged = await fetch(`${varnish!.url}/_purge`, { method: 'POST', headers: { 'xkey-purge': `blog/${slug}` } });
    expect(await purged.text()).toMatch(/^purged [1-9]\d*\n$/);
    await service?.stop();
    expect(await cacheOf(`/blog/${untouched}/`)).toBe('HIT');
    expect(await cacheOf('/glossary/')).toBe('HIT');
    const stale = await via(`/blog/${slug}/`);
    expect([stale.status, stale.headers.get('x-cache')]).toEqual([200, 'STALE']);
    expect(await stale.text()).toContain('Through Varnish');
    expect((await via(`/blog/never-asked-${run}/`)).status).toBe(503);
  });
});
