// examples/astro-site built against a served content API on a real store: the list and article pages, noindex,
// redirects and 404; then, after one article is edited, a second build that asks only for that article.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { articleInput, fixture, openTestStore, type TestStore } from '../content/helpers.ts';
import { publishArticle, updateArticleState } from '../../src/store/repos/articles.ts';
import { serveContentApi, startProxy, syncWired, type Proxy, type Served } from './served-api.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const EXAMPLE = join(ROOT, 'examples/astro-site');

let t: TestStore;
let api: Served;
let proxy: Proxy;
let tmp: string;

/** Builds @skribra/content (the example imports its dist/, as a site would import the published package). */
function buildPackage() {
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'packages/content-client/tsconfig.build.json')], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`package build failed:\n${r.stdout}${r.stderr}`);
}

/** In a child process, asynchronously: the API the build calls is served by this process. */
async function buildSite(env: Record<string, string>, outDir: string) {
  try {
    await promisify(execFile)(process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--root', EXAMPLE, '--outDir', outDir], {
      cwd: EXAMPLE, encoding: 'utf8', env: { ...process.env, ...env, ASTRO_TELEMETRY_DISABLED: '1' }, maxBuffer: 16 << 20,
    });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    throw new Error(`astro build failed:\n${e.stdout}\n${e.stderr}`);
  }
}

beforeAll(async () => {
  if (!syncWired) return;
  buildPackage();
  t = await openTestStore();
  api = await serveContentApi(t.store.sql, { limits: { list: { hour: 100_000, day: 100_000 }, detail: { hour: 100_000, day: 100_000 } } });
  proxy = await startProxy(api.url);
  tmp = mkdtempSync(join(tmpdir(), 'skribra-astro-example-'));
});
afterAll(async () => {
  await proxy?.close(); await api?.close(); await t?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

// Needs GET /v1/sync registered in src/api (the lead wires src/api/content/sync-feed.ts); runs by itself once it is.
describe.skipIf(!syncWired)('examples/astro-site [needs /v1/sync wired]', () => {
  it('builds the list and article pages with noindex, redirects and 404; a rebuild after one edit fetches only that article', async () => {
    const f = await fixture(t.store, 3);
    await publishArticle(t.store.sql, f.on, articleInput('quiet-one', 'Quiet one', { noindex: true }));
    await publishArticle(t.store.sql, f.on, articleInput('merged-away', 'Merged away', { redirect_to: 'https://on.example/blog/post-000/', redirect_type: 'permanent' }));
    await publishArticle(t.store.sql, f.on, articleInput('taken-down', 'Taken down'));
    await updateArticleState(t.store.sql, f.on, 'taken-down', { unpublished: true });
    const env = { SKRIBRA_API_KEY: f.key, SKRIBRA_BASE_URL: proxy.url, SKRIBRA_PROJECT_ID: f.on, ASTRO_CACHE_DIR: join(tmp, 'cache') };
    const page = (out: string, p: string) => readFileSync(join(out, p), 'utf8');

    const out1 = join(tmp, 'dist1');
    proxy.log.splice(0);
    await buildSite(env, out1);
    const first = proxy.log.splice(0).map((r) => new URL(r.path, 'http://x').pathname).sort();
    expect(first).toEqual(['/v1/articles/merged-away', ...f.slugs.map((s) => `/v1/articles/${s}`), '/v1/articles/quiet-one', '/v1/sync'].sort());

    const index = page(out1, 'index.html');
    for (const s of [...f.slugs, 'quiet-one']) expect(index).toContain(`href="/${s}/"`);
    expect(index).not.toContain('merged-away');
    expect(index).not.toContain('taken-down');
    expect(page(out1, `${f.slugs[0]}/index.html`)).toContain('<h2>Title A 0</h2>');
    expect(page(out1, `${f.slugs[0]}/index.html`)).not.toContain('name="robots"');
    expect(page(out1, 'quiet-one/index.html')).toContain('<meta name="robots" content="noindex">');
    expect(page(out1, 'merged-away/index.html')).toMatch(/http-equiv="refresh" content="\d+;url=https:\/\/on\.example\/blog\/post-000\/"/);
    expect(existsSync(join(out1, 'taken-down'))).toBe(false);
    expect(page(out1, '404.html')).toContain('Not found');

    // One edit, one unpublish: the second build asks the feed once, and fetches only the edited article.
    await publishArticle(t.store.sql, f.on, articleInput(f.slugs[1]!, 'Edited between builds'));
    await updateArticleState(t.store.sql, f.on, f.slugs[2]!, { unpublished: true });
    const out2 = join(tmp, 'dist2');
    await buildSite(env, out2);
    const second = proxy.log.splice(0).map((r) => new URL(r.path, 'http://x'));
    expect(second.map((u) => u.pathname)).toEqual(['/v1/sync', `/v1/articles/${f.slugs[1]}`]);
    expect(second[0]!.searchParams.get('cursor')).toBeTruthy();
    expect(page(out2, `${f.slugs[1]}/index.html`)).toContain('Edited between builds');
    expect(existsSync(join(out2, f.slugs[2]!))).toBe(false);
    expect(page(out2, `${f.slugs[0]}/index.html`)).toContain('<h2>Title A 0</h2>');

    // The example's TypeScript checks against the package's declarations and the collection types the build wrote.
    const check = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', join(EXAMPLE, 'tsconfig.json')], { encoding: 'utf8' });
    expect(check.stdout + check.stderr).toBe('');
    expect(check.status).toBe(0);
  }, 300_000); // two Astro builds and a type check on a loaded machine
});
