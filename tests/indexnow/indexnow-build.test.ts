// IndexNow through real builds of a copy of content/, with the endpoint on loopback: the key file at the site root,
// nothing submitted by a first build, exactly the two edited glossary terms after an edit, an unreachable endpoint a
// green build whose changes the next build submits, and nothing when nothing changed. The same builds check the term
// page cache (src/build-time/term-page-cache.ts): an edit re-renders only the edited terms' pages, and a build from the
// cache writes the very bytes a build with an empty cache renders.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WITHOUT_BLOG } from '../../src/build-time/astro-build.ts';
import { siteBuildOrThrow, testBuildDir } from '../helpers/test-builds.ts';
import { createLocalOrigin } from '../../origin/local-origin.ts';
import { readConfig } from '../../src/model/config.ts';
import { generateContent } from '../../scripts/generate-content.ts';
import { headersFile } from '../../src/build-time/netlify-files.ts';
import { inlineScriptHashes } from '../../src/build-time/inline-script-hashes.ts';
import { startReceiverProcess, unreachableEndpoint } from './receiver.ts';

const SITE = 'https://skribra.test';
const KEY = 'skribra-test-key-0123456789';
const EDITED = ['canonical-url', 'noindex'];
let rx: Awaited<ReturnType<typeof startReceiverProcess>>;
let content: string;
let cache: string;
let dist: string;
let buildCache: string;
let pageCache: string;
/** Every glossary term page of the last build: its HTML and inode. */
const termPages = () =>
  new Map(
    readdirSync(join(dist, 'glossary'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== 'categories')
      .map((d) => {
        const file = join(dist, 'glossary', d.name, 'index.html');
        return [d.name, { html: readFileSync(file, 'utf8'), ino: statSync(file).ino }] as const;
      }),
  );
const cacheInodes = () => new Set(readdirSync(pageCache).map((n) => statSync(join(pageCache, n)).ino));
let afterEdit: ReturnType<typeof termPages>;

beforeAll(async () => {
  rx = await startReceiverProcess();
  content = generateContent(0);
  cache = mkdtempSync(join(tmpdir(), 'skribra-indexnow-cache-'));
  buildCache = mkdtempSync(join(tmpdir(), 'skribra-build-cache-'));
  pageCache = join(buildCache, 'pages');
  dist = testBuildDir('indexnow');
});
afterAll(async () => {
  await rx?.close();
  for (const d of [content, cache, dist, buildCache]) if (d) rmSync(d, { recursive: true, force: true });
});

const build = (endpoint = rx.endpoint) =>
  siteBuildOrThrow(dist, {
    ...WITHOUT_BLOG,
    SITE_URL: SITE,
    SKRIBRA_CONTENT_DIR: content,
    SKRIBRA_INDEXNOW_KEY: KEY,
    SKRIBRA_INDEXNOW_ENDPOINT: endpoint,
    SKRIBRA_INDEXNOW_CACHE: cache,
    SKRIBRA_BUILD_CACHE: buildCache,
    CONTEXT: '',
  });

it('a first build writes the key file (served at the site root) and submits nothing', async () => {
  await build();
  expect(readFileSync(join(dist, `${KEY}.txt`), 'utf8')).toBe(KEY);
  const { handler } = createLocalOrigin({ distDir: dist, config: readConfig() });
  const r = await handler(new Request(`${SITE}/${KEY}.txt`));
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(await r.text()).toBe(KEY);
  expect(rx.submissions()).toEqual([]);
  // Every term page was rendered and stored: dist/ and the cache share each file.
  const pages = termPages();
  expect(pages.size).toBeGreaterThanOrEqual(60);
  expect(readdirSync(pageCache).filter((n) => n.endsWith('.html'))).toHaveLength(pages.size);
  const stored = cacheInodes();
  for (const { ino } of pages.values()) expect(stored).toContain(ino);
}, 300_000); // a build, beside the other test files

it('after editing two glossary terms, an unreachable endpoint leaves the build green and submits nothing', async () => {
  const before = termPages();
  const cachedBefore = cacheInodes();
  for (const slug of EDITED) {
    const file = join(content, 'glossary', `${slug}.md`);
    const text = readFileSync(file, 'utf8');
    const edited = text.replace(/\n(## .*\n)/, '\n$1An editor added this sentence.\n');
    expect(edited).not.toBe(text);
    writeFileSync(file, edited);
  }
  const unreachable = await unreachableEndpoint();
  await expect(build(unreachable)).resolves.toBeUndefined();
  expect(rx.submissions()).toEqual([]);
  // Only the edited terms' pages were rendered again; every other page came from the cache, the same bytes.
  afterEdit = termPages();
  for (const [slug, page] of afterEdit) {
    if (EDITED.includes(slug)) {
      expect(page.html).toContain('An editor added this sentence.');
      expect(cachedBefore).not.toContain(page.ino);
    } else {
      expect(page.html).toBe(before.get(slug)!.html);
      expect(cachedBefore).toContain(page.ino);
    }
  }
}, 300_000); // a build, beside the other test files

it('the next build with the endpoint up submits exactly the two edited terms, once', async () => {
  // With an empty page cache: every page rendered afresh is byte for byte the page the cached build wrote.
  rmSync(pageCache, { recursive: true });
  await build();
  const rendered = termPages();
  expect([...rendered.keys()]).toEqual([...afterEdit.keys()]);
  for (const [slug, page] of rendered) expect(page.html, slug).toBe(afterEdit.get(slug)!.html);
  expect(rx.submissions()).toHaveLength(1);
  const [s] = rx.submissions();
  expect(s!.method).toBe('POST');
  expect(s!.body).toEqual({
    host: 'skribra.test',
    key: KEY,
    keyLocation: `${SITE}/${KEY}.txt`,
    urlList: EDITED.map((slug) => `${SITE}/glossary/${slug}/`),
  });
}, 300_000); // a build, beside the other test files

it('a rebuild with nothing changed submits nothing, and renders no term page', async () => {
  const cached = cacheInodes();
  await build();
  expect(rx.submissions()).toHaveLength(1);
  for (const { ino } of termPages().values()) expect(cached).toContain(ino);
  // Its _headers allow every inline script of every page, though it read none of the term pages for them.
  expect(readFileSync(join(dist, '_headers'), 'utf8')).toBe(headersFile(inlineScriptHashes(dist)));
}, 300_000); // a build, beside the other test files
