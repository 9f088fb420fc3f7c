// IndexNow's pieces without a build: the configuration (off unless a valid key is set), one submission (the protocol's
// JSON, batches of at most 10,000 URLs, retries with backoff for a busy or unreachable endpoint, none for a refusal)
// and the build step over a hand-made build (first build submits nothing, a failed batch is tried again next time).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/model/config.ts';
import { indexNowSettings, isOn, type IndexNowSettings } from '../../src/build-time/indexnow/indexnow-settings.ts';
import { BATCH_SIZE, submitUrls } from '../../src/build-time/indexnow/submit-urls.ts';
import { submitBuildChanges } from '../../src/build-time/indexnow/submit-build-changes.ts';
import { startReceiver, unreachableEndpoint, type Receiver } from './receiver.ts';

const KEY = 'a1b2c3d4-e5f6-skribra';
const SITE = 'https://skribra.test';
const FAST = { delays: [5, 10] };
let rx: Receiver;
const temp: string[] = [];
const tmp = (name: string) => {
  const d = mkdtempSync(join(tmpdir(), `skribra-indexnow-${name}-`));
  temp.push(d);
  return d;
};
beforeAll(async () => {
  rx = await startReceiver();
});
beforeEach(() => {
  rx.submissions.length = 0;
});
afterAll(async () => {
  await rx.close();
  for (const d of temp) rmSync(d, { recursive: true, force: true });
});

const config = (env: Record<string, string> = {}) =>
  readConfig({ SITE_URL: SITE, SKRIBRA_INDEXNOW_KEY: KEY, SKRIBRA_INDEXNOW_ENDPOINT: rx.endpoint, ...env });
const settings = (env: Record<string, string> = {}): IndexNowSettings => {
  const s = indexNowSettings(config(env));
  if (!isOn(s)) throw new Error('off');
  return s;
};

describe('configuration', () => {
  it('is off without a key; a key turns it on with the shared endpoint by default', () => {
    expect(indexNowSettings(readConfig({ SITE_URL: SITE }))).toEqual({});
    expect(indexNowSettings(readConfig({ SITE_URL: SITE, SKRIBRA_INDEXNOW_KEY: '' }))).toEqual({});
    expect(indexNowSettings(readConfig({ SITE_URL: `${SITE}/`, SKRIBRA_INDEXNOW_KEY: KEY }))).toEqual({
      endpoint: 'https://api.indexnow.org/indexnow',
      key: KEY,
      host: 'skribra.test',
      keyLocation: `${SITE}/${KEY}.txt`,
      site: SITE,
    });
    expect(indexNowSettings(readConfig({ SITE_URL: 'http://127.0.0.1:8080', SKRIBRA_INDEXNOW_KEY: KEY }))).toMatchObject({
      host: '127.0.0.1:8080',
    });
  });

  it('refuses a key that is not 8-128 characters of a-z, A-Z, 0-9 and -, and an endpoint that is not an http(s) URL', () => {
    for (const key of ['short', 'has space in it', 'under_score', 'x'.repeat(129), 'ключключключ']) {
      expect(() => readConfig({ SKRIBRA_INDEXNOW_KEY: key }), key).toThrow(/SKRIBRA_INDEXNOW_KEY must be 8 to 128 characters/);
    }
    expect(readConfig({ SKRIBRA_INDEXNOW_KEY: 'x'.repeat(128) }).SKRIBRA_INDEXNOW_KEY).toHaveLength(128);
    expect(() => readConfig({ SKRIBRA_INDEXNOW_ENDPOINT: 'ftp://example.com/' })).toThrow(/SKRIBRA_INDEXNOW_ENDPOINT/);
  });

  it('says why it is off when the key is set without SITE_URL', () => {
    expect(indexNowSettings(readConfig({ SKRIBRA_INDEXNOW_KEY: KEY }))).toEqual({ off: expect.stringContaining('SITE_URL') });
  });
});

describe('submitUrls', () => {
  it("posts the protocol's JSON, in batches of at most 10,000 URLs", async () => {
    const urls = Array.from({ length: BATCH_SIZE + 1 }, (_, i) => `${SITE}/glossary/t-${i}/`);
    expect(await submitUrls(settings(), urls, FAST)).toEqual({ submitted: urls, unsent: [] });
    expect(rx.submissions.map((s) => [s.method, s.path, s.type, s.body.urlList.length])).toEqual([
      ['POST', '/indexnow', 'application/json; charset=utf-8', 10_000],
      ['POST', '/indexnow', 'application/json; charset=utf-8', 1],
    ]);
    expect(rx.submissions[0]!.body).toEqual({
      host: 'skribra.test',
      key: KEY,
      keyLocation: `${SITE}/${KEY}.txt`,
      urlList: urls.slice(0, 10_000),
    });
  });

  it('retries a busy endpoint (5xx, 429 with Retry-After) with backoff, a bounded number of times', async () => {
    rx.answer(503, { status: 429, headers: { 'retry-after': '0' } });
    expect(await submitUrls(settings(), [`${SITE}/a/`], FAST)).toEqual({ submitted: [`${SITE}/a/`], unsent: [] });
    expect(rx.submissions).toHaveLength(3);
    rx.submissions.length = 0;
    rx.answer(500, 502, 503);
    const r = await submitUrls(settings(), [`${SITE}/a/`], FAST);
    expect(r).toEqual({ submitted: [], unsent: [`${SITE}/a/`], error: `${rx.endpoint} answered 503, 3 attempts` });
    expect(rx.submissions).toHaveLength(3);
  });

  it('does not retry a refusal, and says what it means', async () => {
    rx.answer(403);
    const r = await submitUrls(settings(), [`${SITE}/a/`, `${SITE}/b/`], FAST);
    expect(r.error).toBe(`${rx.endpoint} answered 403 (key not valid: is the key file online?)`);
    expect(r.unsent).toHaveLength(2);
    expect(rx.submissions).toHaveLength(1);
  });

  it('reports an unreachable endpoint after its retries, never throws', async () => {
    const endpoint = await unreachableEndpoint();
    const r = await submitUrls(settings({ SKRIBRA_INDEXNOW_ENDPOINT: endpoint }), [`${SITE}/a/`], FAST);
    expect(r).toEqual({ submitted: [], unsent: [`${SITE}/a/`], error: `${endpoint} unreachable (ECONNREFUSED), 3 attempts` });
  });
});

describe('the build step', () => {
  /** A build output as the step reads it: markdown-paths.json and the twins. */
  function fakeBuild(twins: Record<string, string>): string {
    const out = tmp('dist');
    mkdirSync(join(out, '_skribra'), { recursive: true });
    writeFileSync(join(out, '_skribra/markdown-paths.json'), JSON.stringify([...Object.keys(twins), '/404.md']));
    for (const [path, body] of Object.entries({ ...twins, '/404.md': '# Page not found\n' })) {
      mkdirSync(dirname(join(out, path)), { recursive: true });
      writeFileSync(join(out, path), body);
    }
    return out;
  }

  it('is silent when not configured; writes no key file then', async () => {
    const out = fakeBuild({ '/index.md': '# Home' });
    expect(await submitBuildChanges(out, readConfig({ SITE_URL: SITE }))).toBeUndefined();
    expect(existsSync(join(out, `${KEY}.txt`))).toBe(false);
  });

  it('writes the key file; submits nothing on a first build, then exactly the pages added, changed and removed', async () => {
    const cache = tmp('cache');
    const env = { SKRIBRA_INDEXNOW_CACHE: cache };
    const first = fakeBuild({ '/index.md': '# Home', '/glossary/a.md': 'A', '/glossary/b.md': 'B', '/glossary/c.md': 'C' });
    expect(await submitBuildChanges(first, config(env), FAST)).toEqual({
      level: 'info',
      message: expect.stringContaining('nothing submitted'),
    });
    expect(readFileSync(join(first, `${KEY}.txt`), 'utf8')).toBe(KEY);
    expect(rx.submissions).toEqual([]);

    const same = fakeBuild({ '/index.md': '# Home', '/glossary/a.md': 'A', '/glossary/b.md': 'B', '/glossary/c.md': 'C' });
    expect((await submitBuildChanges(same, config(env), FAST))!.message).toBe('IndexNow: no page changed since the last submitted build');
    expect(rx.submissions).toEqual([]);

    const next = fakeBuild({ '/index.md': '# Home', '/glossary/a.md': 'A, edited', '/glossary/c.md': 'C', '/glossary/d.md': 'D' });
    expect(await submitBuildChanges(next, config(env), FAST)).toEqual({
      level: 'info',
      message: `IndexNow: submitted 3 changed URLs to ${rx.endpoint}`,
    });
    expect(rx.submissions.map((s) => s.body.urlList)).toEqual([[`${SITE}/glossary/a/`, `${SITE}/glossary/b/`, `${SITE}/glossary/d/`]]);
  });

  it('a failed batch is a warning, and its pages are submitted by the next build (the accepted ones are not)', async () => {
    const cache = tmp('cache');
    const env = { SKRIBRA_INDEXNOW_CACHE: cache };
    const pages = (v: string) => Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((p) => [`/glossary/${p}.md`, `${p} ${v}`]));
    await submitBuildChanges(fakeBuild(pages('1')), config(env), FAST);
    rx.answer(200, 403);
    const warned = await submitBuildChanges(fakeBuild(pages('2')), config(env), { ...FAST, batchSize: 2 });
    expect(warned).toEqual({
      level: 'warn',
      message: expect.stringMatching(/^IndexNow: submitted 2 of 5 changed URLs; .* answered 403 .*the next build submits the rest$/),
    });
    rx.submissions.length = 0;
    await submitBuildChanges(fakeBuild(pages('2')), config(env), FAST);
    expect(rx.submissions.map((s) => s.body.urlList)).toEqual([['c', 'd', 'e'].map((p) => `${SITE}/glossary/${p}/`)]);
  });

  it('a build that could not read the blog neither submits its pages as gone nor forgets them', async () => {
    const cache = tmp('cache');
    const env = { SKRIBRA_INDEXNOW_CACHE: cache };
    const unread = (path: string) => path.startsWith('/blog/');
    await submitBuildChanges(
      fakeBuild({ '/index.md': '1', '/blog.md': 'Blog: a, b', '/blog/a.md': 'A', '/blog/b.md': 'B' }),
      config(env),
      FAST,
    );
    // The store was down: the blog index is empty and the articles are missing.
    await submitBuildChanges(fakeBuild({ '/index.md': '2', '/blog.md': 'No articles yet.' }), config(env), { ...FAST, unread });
    expect(rx.submissions.map((s) => s.body.urlList)).toEqual([[`${SITE}/`]]);
    // Back with the blog, one article edited: only that one.
    await submitBuildChanges(
      fakeBuild({ '/index.md': '2', '/blog.md': 'Blog: a, b', '/blog/a.md': 'A', '/blog/b.md': 'B, edited' }),
      config(env),
      FAST,
    );
    expect(rx.submissions.map((s) => s.body.urlList)).toEqual([[`${SITE}/`], [`${SITE}/blog/b/`]]);
  });

  it('an unreachable endpoint is a warning, never a throw', async () => {
    const cache = tmp('cache');
    const endpoint = await unreachableEndpoint();
    const env = { SKRIBRA_INDEXNOW_CACHE: cache, SKRIBRA_INDEXNOW_ENDPOINT: endpoint };
    await submitBuildChanges(fakeBuild({ '/index.md': '1' }), config(env), FAST);
    const r = await submitBuildChanges(fakeBuild({ '/index.md': '2' }), config(env), FAST);
    expect(r).toEqual({
      level: 'warn',
      message: `IndexNow: submitted 0 of 1 changed URLs; ${endpoint} unreachable (ECONNREFUSED), 3 attempts. The build goes on; the next build submits the rest`,
    });
  });

  it('a deploy preview writes the key file but submits nothing and leaves the record alone', async () => {
    const cache = tmp('cache');
    const env = { SKRIBRA_INDEXNOW_CACHE: cache };
    await submitBuildChanges(fakeBuild({ '/index.md': '1' }), config(env), FAST);
    const preview = fakeBuild({ '/index.md': '2' });
    expect((await submitBuildChanges(preview, config({ ...env, CONTEXT: 'deploy-preview' }), FAST))!.message).toBe(
      'IndexNow: key file written; a deploy-preview build submits nothing',
    );
    expect(existsSync(join(preview, `${KEY}.txt`))).toBe(true);
    expect(rx.submissions).toEqual([]);
    await submitBuildChanges(fakeBuild({ '/index.md': '2' }), config({ ...env, CONTEXT: 'production' }), FAST);
    expect(rx.submissions.map((s) => s.body.urlList)).toEqual([[`${SITE}/`]]);
  });

  it('warns, without submitting, when the key is set but SITE_URL is not', async () => {
    const r = await submitBuildChanges(
      fakeBuild({ '/index.md': '1' }),
      readConfig({ SKRIBRA_INDEXNOW_KEY: KEY, SKRIBRA_INDEXNOW_ENDPOINT: rx.endpoint }),
      FAST,
    );
    expect(r).toEqual({ level: 'warn', message: expect.stringContaining('SITE_URL is not') });
  });
});
