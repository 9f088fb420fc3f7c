// examples/astro-site under `astro dev` against a served content API on a real store (issue 48.4): the
// skribraDevRefresh integration follows the change stream and reloads the collection, so an article published while
// the dev server runs is on its page within 5 s, and gone (404) within 5 s of its unpublish. A few articles, not the
// 1,000 of astro-example.test.ts: this is about the stream, not the build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import type { AstroIntegration } from 'astro';
import { articleInput, fixture, openTestStore, type TestStore } from '../content/helpers.ts';
import { publishArticle, updateArticleState } from '../../src/store/repos/articles.ts';
import { serveContentApi, type Served } from './served-api.ts';
import { builtClient } from '../helpers/built-client.ts';
import { skribraDevRefresh } from '../../packages/content-client/src/astro.ts';

// The integration's structural types fit Astro's own, so a typed astro.config.ts accepts it.
skribraDevRefresh({ projectId: 'prj_x' }) satisfies AstroIntegration;

const ROOT = resolve(import.meta.dirname, '../..');
const EXAMPLE = join(ROOT, 'examples/astro-site');

let t: TestStore;
let api: Served;
let tmp: string;
let dev: ChildProcess | undefined;
let output = '';

const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

/** Polls `check` every 200 ms until it holds; the ms it took, or a failure naming what was last seen. */
async function within(ms: number, check: () => Promise<boolean>, what: string): Promise<number> {
  const start = performance.now();
  let failure: unknown;
  while (performance.now() - start < ms) {
    if (await check().catch((err) => void (failure = err))) return Math.round(performance.now() - start);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} not within ${ms} ms (${failure ?? 'no error'}); dev server output:\n${output.slice(-4000)}`);
}

beforeAll(async () => {
  await builtClient(); // astro.config.mjs imports @skribra/content/astro from the package's dist/
  t = await openTestStore();
  api = await serveContentApi(t.store.sql);
  mkdirSync(join(EXAMPLE, '.cache'), { recursive: true });
  tmp = mkdtempSync(join(EXAMPLE, '.cache', 'skribra-dev-'));
});
afterAll(async () => {
  // The whole process group: astro's CLI and whatever it started.
  if (dev?.pid && dev.exitCode === null) {
    const exited = new Promise((r) => dev!.once('exit', r));
    process.kill(-dev.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (dev.exitCode === null) process.kill(-dev.pid, 'SIGKILL');
  }
  await api?.close();
  await t?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('examples/astro-site under astro dev', () => {
  it('shows an article published while astro dev runs within 5 s, and answers 404 within 5 s of its unpublish', async () => {
    const f = await fixture(t.store, 3);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    dev = spawn(
      process.execPath,
      [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'dev', '--root', EXAMPLE, '--port', String(port), '--host', '127.0.0.1'],
      {
        cwd: EXAMPLE,
        detached: true, // its own process group, killed whole in afterAll
        stdio: ['ignore', 'pipe', 'pipe'],
        // As a person's shell would start it: Astro's dev server behaves differently inside a test runner (VITEST*).
        env: {
          ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST'))),
          NODE_ENV: 'development',
          SKRIBRA_API_KEY: f.key,
          SKRIBRA_BASE_URL: `${api.url}/v1/`,
          SKRIBRA_PROJECT_ID: f.on,
          ASTRO_TELEMETRY_DISABLED: '1',
          ASTRO_CACHE_DIR: join(tmp, 'cache'),
        },
      },
    );
    dev.stdout!.on('data', (d) => (output += d));
    dev.stderr!.on('data', (d) => (output += d));

    const page = (slug: string) => fetch(`${base}/${slug}/`, { redirect: 'manual', headers: { accept: 'text/html' } });
    await within(
      90_000,
      async () => {
        const res = await page(f.slugs[0]!);
        if (res.status !== 200) throw new Error(`${res.status}: ${(await res.text()).slice(0, 500)}`);
        return true;
      },
      'the dev server serving the first article',
    );
    // The integration's stream is connected (it logs so once): from here a change is heard as it is made.
    await within(10_000, async () => output.includes(`watching ${f.on} for changes`), 'the change stream connecting');
    expect((await page('published-live')).status).toBe(404);

    await publishArticle(t.store.sql, f.on, articleInput('published-live', 'Published while astro dev runs'));
    const shown = await within(
      5000,
      async () => {
        const res = await page('published-live');
        // Astro dev marks each element with its source (data-astro-source-file): the heading, whatever its attributes.
        return res.status === 200 && /<h1[^>]*>Published while astro dev runs<\/h1>/.test(await res.text());
      },
      'the published article on its page',
    );

    await updateArticleState(t.store.sql, f.on, 'published-live', { unpublished: true });
    const gone = await within(5000, async () => (await page('published-live')).status === 404, 'the unpublished article gone');
    console.log(`astro dev: published article on its page after ${shown} ms, 404 after its unpublish in ${gone} ms`);
    expect(output).toMatch(/refreshed after published published-live/);
    expect((await page(f.slugs[1]!)).status).toBe(200);
  }, 180_000);
});
