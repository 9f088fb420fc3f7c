// IndexNow through real builds of a copy of content/, with the endpoint on loopback: the key file at the site root,
// nothing submitted by a first build, exactly the two edited glossary terms after an edit, an unreachable endpoint a
// green build whose changes the next build submits, and nothing when nothing changed.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WITHOUT_BLOG } from '../../src/dev/astro-build.ts';
import { siteBuildOrThrow, testBuildDir } from '../helpers/test-builds.ts';
import { createLocalOrigin } from '../../src/origin/local-origin.ts';
import { readConfig } from '../../src/config.ts';
import { generateContent } from '../../scripts/generate-content.ts';
import { startReceiverProcess, unreachableEndpoint } from './receiver.ts';

const SITE = 'https://skribra.test';
const KEY = 'skribra-test-key-0123456789';
const EDITED = ['canonical-url', 'noindex'];
let rx: Awaited<ReturnType<typeof startReceiverProcess>>;
let content: string;
let cache: string;
let dist: string;

beforeAll(async () => {
  rx = await startReceiverProcess();
  content = generateContent(0);
  cache = mkdtempSync(join(tmpdir(), 'skribra-indexnow-cache-'));
  dist = testBuildDir('indexnow');
});
afterAll(async () => {
  await rx?.close();
  for (const d of [content, cache, dist]) if (d) rmSync(d, { recursive: true, force: true });
});

const build = (endpoint = rx.endpoint) =>
  siteBuildOrThrow(dist, {
    ...WITHOUT_BLOG,
    SITE_URL: SITE,
    SKRIBRA_CONTENT_DIR: content,
    SKRIBRA_INDEXNOW_KEY: KEY,
    SKRIBRA_INDEXNOW_ENDPOINT: endpoint,
    SKRIBRA_INDEXNOW_CACHE: cache,
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
}, 300_000); // a build, beside the other test files

it('after editing two glossary terms, an unreachable endpoint leaves the build green and submits nothing', async () => {
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
}, 300_000); // a build, beside the other test files

it('the next build with the endpoint up submits exactly the two edited terms, once', async () => {
  await build();
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

it('a rebuild with nothing changed submits nothing', async () => {
  await build();
  expect(rx.submissions()).toHaveLength(1);
}, 300_000); // a build, beside the other test files
