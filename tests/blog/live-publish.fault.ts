// Issue 46 on `npm start` with its defaults (a fresh data dir and its own port): each change an editor makes to the
// house blog with the CLI (publish, retitle, noindex, retire, redirect, unpublish) reaches the article's page, its
// twin, /blog/, the feed, the sitemap, llms.txt and the public API within 2 s, through the origin's cache, and the
// served build never changes. Run by `npm run test:faults` (it builds the repository's dist/), as CI does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BLOG_PROJECT_ID } from '../../src/store/repos/blog-project.ts';
import { skribraProcess } from '../helpers/cli.ts';
import { npmStart, within, type Service } from '../helpers/npm-start.ts';

const root = resolve(import.meta.dirname, '../..');
/** The bound: a change is live everywhere within this. */
const LIVE_MS = 2000;
const dataDir = mkdtempSync(join(tmpdir(), 'skribra-live-'));
const files = mkdtempSync(join(tmpdir(), 'skribra-live-files-'));
const run = Date.now().toString(36);
const slug = `live-${run}`;
const other = `live-other-${run}`;
let base = '';
let service: Service | undefined;

const cli = async (...args: string[]) => {
  const r = await skribraProcess(args, { SKRIBRA_DATA_DIR: dataDir, DATABASE_URL: undefined });
  expect(r.code, r.stderr).toBe(0);
  return r;
};

function articleFile(s: string, title: string): string {
  const file = join(files, `${s}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      title,
      slug: s,
      excerpt: 'An article that the test changes in every way an editor can.',
      content_html: '<h2 id="one">One</h2><p>The body.</p>',
    }),
  );
  return file;
}

interface View {
  page: Response;
  pageText: string;
  twin: string;
  twinStatus: number;
  index: string;
  feed: string;
  sitemap: string;
  llms: string;
  api: number;
  apiTitle: string | undefined;
}

async function view(s: string): Promise<View> {
  const get = (path: string) => fetch(`${base}${path}`);
  const [page, twin, index, feed, sitemap, llms, api] = await Promise.all([
    get(`/blog/${s}/`),
    get(`/blog/${s}.md`),
    get('/blog/'),
    get('/blog/rss.xml'),
    get('/sitemap.xml'),
    get('/llms.txt'),
    get(`/api/v1/articles/${s}`),
  ]);
  const apiBody = (await api.json()) as { data?: { title?: string } };
  return {
    page,
    pageText: await page.text(),
    twinStatus: twin.status,
    twin: await twin.text(),
    index: await index.text(),
    feed: await feed.text(),
    sitemap: await sitemap.text(),
    llms: await llms.text(),
    api: api.status,
    apiTitle: apiBody.data?.title,
  };
}

/** Waits until `check` holds for the view of `s`; fails past LIVE_MS with the last view's failure. */
const liveWithin = (s: string, check: (v: View) => void) => within(LIVE_MS, async () => check(await view(s)));

const url = (s: string) => `${base}/blog/${s}/`;
function listed(v: View, s: string, title: string) {
  expect(v.page.status).toBe(200);
  expect(v.pageText).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
  expect(v.twinStatus).toBe(200);
  expect(v.twin).toContain(`# ${title}`);
  expect(v.index).toContain(`/blog/${s}/`);
  expect(v.feed).toContain(`<title>${title}</title>`);
  expect(v.llms).toContain(`[${title}](${base}/blog/${s}.md)`);
  expect(v.api).toBe(200);
  expect(v.apiTitle).toBe(title);
}
function gone(v: View, s: string) {
  expect(v.page.status).toBe(404);
  expect(v.twinStatus).toBe(404);
  expect(v.index).not.toContain(`/blog/${s}/`);
  expect(v.feed).not.toContain(`/blog/${s}/`);
  expect(v.sitemap).not.toContain(`<loc>${url(s)}</loc>`);
  expect(v.llms).not.toContain(`/blog/${s}.md`);
  expect(v.api).toBe(404);
}

let build = '';
const homeEtag = async () => (await fetch(`${base}/`)).headers.get('etag');
let etag: string | null = null;

beforeAll(async () => {
  service = await npmStart({ SKRIBRA_DATA_DIR: dataDir, DATABASE_URL: undefined, SITE_URL: undefined });
  base = service.base;
  build = readlinkSync(join(root, 'dist'));
  etag = await homeEtag();
  // Every page of the blog once, so the origin's cache holds them when the changes come.
  await view(slug);
  await view(other);
});

afterAll(async () => {
  await service?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(files, { recursive: true, force: true });
});

describe('a change to the house blog is live within 2 s on npm start, without a build', () => {
  it('publish: the page, twin, index, feed, sitemap, llms.txt and API show the new article', async () => {
    await cli('article', 'publish', '--project', BLOG_PROJECT_ID, '--file', articleFile(slug, 'Live one'));
    await liveWithin(slug, (v) => {
      listed(v, slug, 'Live one');
      expect(v.sitemap).toContain(`<loc>${url(slug)}</loc>`);
    });
  });

  it('retitle: every answer shows the new title and none the old', async () => {
    await cli('article', 'update', '--project', BLOG_PROJECT_ID, '--slug', slug, '--set', 'title=Live two');
    await liveWithin(slug, (v) => {
      listed(v, slug, 'Live two');
      for (const text of [v.pageText, v.twin, v.index, v.feed, v.llms]) expect(text).not.toContain('Live one');
    });
  });

  it('noindex: still readable and listed, marked noindex, out of the sitemap; --off brings it back', async () => {
    await cli('article', 'noindex', '--project', BLOG_PROJECT_ID, '--slug', slug);
    await liveWithin(slug, (v) => {
      listed(v, slug, 'Live two');
      expect(v.page.headers.get('x-robots-tag')).toBe('noindex');
      expect(v.sitemap).not.toContain(`<loc>${url(slug)}</loc>`);
    });
    await cli('article', 'noindex', '--project', BLOG_PROJECT_ID, '--slug', slug, '--off');
    await liveWithin(slug, (v) => {
      expect(v.page.headers.get('x-robots-tag')).toBeNull();
      expect(v.sitemap).toContain(`<loc>${url(slug)}</loc>`);
    });
  });

  it('retire: off the public blog everywhere; --off brings it back', async () => {
    await cli('article', 'retire', '--project', BLOG_PROJECT_ID, '--slug', slug);
    await liveWithin(slug, (v) => gone(v, slug));
    await cli('article', 'retire', '--project', BLOG_PROJECT_ID, '--slug', slug, '--off');
    await liveWithin(slug, (v) => listed(v, slug, 'Live two'));
  });

  it('redirect: the article leaves the blog everywhere', async () => {
    await cli('article', 'redirect', '--project', BLOG_PROJECT_ID, '--slug', slug, '--to', 'https://example.com/moved', '--permanent');
    await liveWithin(slug, (v) => gone(v, slug));
  });

  it('unpublish: the article leaves the blog everywhere', async () => {
    await cli('article', 'publish', '--project', BLOG_PROJECT_ID, '--file', articleFile(other, 'Another live one'));
    await liveWithin(other, (v) => listed(v, other, 'Another live one'));
    await cli('article', 'unpublish', '--project', BLOG_PROJECT_ID, '--slug', other);
    await liveWithin(other, (v) => gone(v, other));
  });

  it('the served build is the one npm start began with', async () => {
    expect(readlinkSync(join(root, 'dist'))).toBe(build);
    expect(await homeEtag()).toBe(etag);
    expect(service!.out()).not.toMatch(/serving the new build/);
  });
});
