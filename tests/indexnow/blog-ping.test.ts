// A change to the company blog through the operator CLI (the real bin in a child process, on a real store) submits
// the article's URL to IndexNow: one submission per command, none for another project's articles or without a key,
// and an unreachable endpoint is a warning on a command that still succeeds.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { openTestStore, uniq, type TestStore } from '../content/helpers.ts';
import { startReceiver, unreachableEndpoint, type Receiver } from './receiver.ts';

const run = promisify(execFile);
const bin = new URL('../../scripts/skribra.mjs', import.meta.url).pathname;
const SITE = 'https://skribra.test';
const KEY = 'blog-ping-key-42';
let t: TestStore;
let rx: Receiver;
let blog: string;
let other: string;
const files = mkdtempSync(join(tmpdir(), 'skribra-indexnow-cli-'));

beforeAll(async () => {
  t = await openTestStore();
  rx = await startReceiver();
  const acc = await createAccount(t.store.sql, uniq('IndexNow Co'));
  blog = await createProject(t.store.sql, { accountId: acc.account_id, name: 'Company blog', apiEnabled: true });
  other = await createProject(t.store.sql, { accountId: acc.account_id, name: 'Customer', apiEnabled: true });
});
beforeEach(() => { rx.submissions.length = 0; });
afterAll(async () => {
  await rx?.close();
  await t?.close();
  rmSync(files, { recursive: true, force: true });
});

async function cli(env: Record<string, string>, ...args: string[]) {
  const base = { ...process.env, SKRIBRA_BLOG_PROJECT_ID: blog, SITE_URL: SITE, SKRIBRA_BUILD_HOOK_URL: '', ...(t.dataDir ? { SKRIBRA_DATA_DIR: t.dataDir } : {}) };
  try {
    const { stdout } = await run(process.execPath, [bin, ...args], { env: { ...base, ...env } });
    return { code: 0, stdout };
  } catch (e: any) {
    return { code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string };
  }
}
const on = () => ({ SKRIBRA_INDEXNOW_KEY: KEY, SKRIBRA_INDEXNOW_ENDPOINT: rx.endpoint });
const article = (slug: string) => ({ title: `Post ${slug}`, slug, content_html: `<p>About ${slug}.</p>`, excerpt: `About ${slug}` });
const file = (name: string, body: unknown) => { const f = join(files, name); writeFileSync(f, JSON.stringify(body)); return f; };
const urlOf = (slug: string) => `${SITE}/blog/${slug}/`;

it('a blog publish submits its URL once, with the protocol\'s JSON', async () => {
  const r = await cli(on(), 'article', 'publish', '--project', blog, '--file', file('one.json', article('indexed-post')), '--json');
  expect(r.code).toBe(0);
  expect(JSON.parse(r.stdout)).toMatchObject({ slug: 'indexed-post', indexnow: 'submitted', indexnow_urls: 1 });
  expect(rx.submissions.map((s) => s.body)).toEqual([{ host: 'skribra.test', key: KEY, keyLocation: `${SITE}/${KEY}.txt`, urlList: [urlOf('indexed-post')] }]);
});

it('unpublish and redirect submit the URL too, one submission each; the human line says so', async () => {
  const un = await cli(on(), 'article', 'unpublish', '--project', blog, '--slug', 'indexed-post');
  expect(un.code).toBe(0);
  expect(un.stdout).toContain('IndexNow: submitted 1 URL');
  const moved = await cli(on(), 'article', 'redirect', '--project', blog, '--slug', 'indexed-post', '--to', `${SITE}/blog/`, '--permanent');
  expect(moved.code).toBe(0);
  expect(rx.submissions.map((s) => s.body.urlList)).toEqual([[urlOf('indexed-post')], [urlOf('indexed-post')]]);
});

it('an archive publish submits its articles in one request', async () => {
  const r = await cli(on(), 'article', 'publish', '--project', blog, '--file', file('list.json', [article('first-of-two'), article('second-of-two')]), '--json');
  expect(r.code).toBe(0);
  expect(rx.submissions.map((s) => s.body.urlList)).toEqual([[urlOf('first-of-two'), urlOf('second-of-two')]]);
});

it('another project\'s article, or no key configured, submits nothing', async () => {
  expect((await cli(on(), 'article', 'publish', '--project', other, '--file', file('other.json', article('customer-post')))).code).toBe(0);
  const off = await cli({}, 'article', 'publish', '--project', blog, '--file', file('off.json', article('quiet-post')), '--json');
  expect(off.code).toBe(0);
  expect(JSON.parse(off.stdout).indexnow).toBeUndefined();
  expect(rx.submissions).toEqual([]);
});

it('an unreachable endpoint is a warning: the publish succeeds', async () => {
  const endpoint = await unreachableEndpoint();
  const r = await cli({ SKRIBRA_INDEXNOW_KEY: KEY, SKRIBRA_INDEXNOW_ENDPOINT: endpoint }, 'article', 'publish', '--project', blog, '--file', file('down.json', article('while-down')));
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/^published while-down /);
  expect(r.stdout).toContain(`warning: IndexNow submission failed (${endpoint} unreachable (ECONNREFUSED), 3 attempts)`);
}, 30_000);
