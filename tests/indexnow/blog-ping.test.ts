// A change to the company blog through the operator CLI (its main() on a real store; the first publish through the
// real bin in a child process) submits the article's URL to IndexNow: one submission per command, none for another
// project's articles or without a key, and an unreachable endpoint is a warning on a command that still succeeds.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { openTestStore, uniq, type TestStore } from '../content/helpers.ts';
import { startReceiver, unreachableEndpoint, type Receiver } from './receiver.ts';
import { skribra, skribraProcess } from '../helpers/cli.ts';

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
beforeEach(() => {
  rx.submissions.length = 0;
});
afterAll(async () => {
  await rx?.close();
  await t?.close();
  rmSync(files, { recursive: true, force: true });
});

/** The CLI's main() in this process with the blog's settings (run(..., false): the real bin in a child process). */
async function cli(env: Record<string, string>, ...args: string[]) {
  return run(env, args, true);
}
async function run(env: Record<string, string>, args: string[], inProcess: boolean) {
  const all = {
    SKRIBRA_BLOG_PROJECT_ID: blog,
    SITE_URL: SITE,
    SKRIBRA_PURGE_URL: '',
    SKRIBRA_INDEXNOW_KEY: '',
    SKRIBRA_INDEXNOW_ENDPOINT: '',
    ...t.env,
    ...env,
  };
  const { code, stdout, stderr } = await (inProcess ? skribra : skribraProcess)(args, all);
  return { code, stdout, stderr };
}
const on = () => ({ SKRIBRA_INDEXNOW_KEY: KEY, SKRIBRA_INDEXNOW_ENDPOINT: rx.endpoint });
const article = (slug: string) => ({ title: `Post ${slug}`, slug, content_html: `<p>About ${slug}.</p>`, excerpt: `About ${slug}` });
const file = (name: string, body: unknown) => {
  const f = join(files, name);
  writeFileSync(f, JSON.stringify(body));
  return f;
};
const urlOf = (slug: string) => `${SITE}/blog/${slug}/`;

it("a blog publish submits its URL once, with the protocol's JSON", async () => {
  const r = await run(
    on(),
    ['article', 'publish', '--project', blog, '--file', file('one.json', article('indexed-post')), '--json'],
    false,
  );
  expect(r.code).toBe(0);
  expect(JSON.parse(r.stdout)).toMatchObject({ slug: 'indexed-post', indexnow: 'submitted', indexnow_urls: 1 });
  expect(rx.submissions.map((s) => s.body)).toEqual([
    { host: 'skribra.test', key: KEY, keyLocation: `${SITE}/${KEY}.txt`, urlList: [urlOf('indexed-post')] },
  ]);
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
  const r = await cli(
    on(),
    'article',
    'publish',
    '--project',
    blog,
    '--file',
    file('list.json', [article('first-of-two'), article('second-of-two')]),
    '--json',
  );
  expect(r.code).toBe(0);
  expect(rx.submissions.map((s) => s.body.urlList)).toEqual([[urlOf('first-of-two'), urlOf('second-of-two')]]);
});

it("another project's article, or no key configured, submits nothing", async () => {
  expect((await cli(on(), 'article', 'publish', '--project', other, '--file', file('other.json', article('customer-post')))).code).toBe(0);
  const off = await cli({}, 'article', 'publish', '--project', blog, '--file', file('off.json', article('quiet-post')), '--json');
  expect(off.code).toBe(0);
  expect(JSON.parse(off.stdout).indexnow).toBeUndefined();
  expect(rx.submissions).toEqual([]);
});

it('an unreachable endpoint is a warning: the publish succeeds', async () => {
  const endpoint = await unreachableEndpoint();
  const r = await cli(
    { SKRIBRA_INDEXNOW_KEY: KEY, SKRIBRA_INDEXNOW_ENDPOINT: endpoint },
    'article',
    'publish',
    '--project',
    blog,
    '--file',
    file('down.json', article('while-down')),
  );
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/^published while-down /);
  expect(r.stdout).toContain(`warning: IndexNow submission failed (${endpoint} unreachable (ECONNREFUSED), 3 attempts)`);
}, 30_000);
