// The content API's Netlify function as its deploy bundles it (esbuild, netlify.toml): the content API loads each
// endpoint's handler module by its name (create-content-api.ts), a template esbuild bundles as every file it matches,
// so the bundle holds every endpoint's handler and answers each endpoint from the store, with no file of the
// checkout beside it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFunction, type FunctionBundle } from '../../scripts/netlify/bundle-function.ts';
import { kebab } from '../../src/model/endpoints/endpoint.ts';
import { endpointsOf } from '../../src/model/endpoints/registry.ts';
import { articleInput, bearer, fixture, openTestStore, type TestStore } from './helpers.ts';
import { publishArticle } from '../../src/store/repos/articles.ts';

let t: TestStore;
let dir: string;
let bundle: FunctionBundle;
let handler: (req: Request, context: unknown) => Promise<Response>;
let A: Awaited<ReturnType<typeof fixture>>;
const saved = { ...process.env };

beforeAll(async () => {
  t = await openTestStore();
  A = await fixture(t.store, 1);
  await publishArticle(t.store.sql, A.on, articleInput('tagged', 'Tagged', { tags: ['seo'] }));
  dir = mkdtempSync(join(tmpdir(), 'skribra-content-fn-'));
  bundle = await bundleFunction('content-api', { distDir: dir, outDir: dir });
  Object.assign(process.env, t.env);
  handler = (await import(pathToFileURL(bundle.entry).href)).default;
}, 120_000);
afterAll(async () => {
  process.env = saved;
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

describe('the content API function, bundled', () => {
  it("holds every content endpoint's handler module; the public function every public module's", async () => {
    const text = readFileSync(bundle.entry, 'utf8');
    for (const e of endpointsOf('content')) expect(text, e.id).toContain(`"./${kebab(e.id)}.handler.ts"`);
    const pub = await bundleFunction('public-api', { distDir: dir, outDir: join(dir, 'public') });
    const publicText = readFileSync(pub.entry, 'utf8');
    const modules = endpointsOf('public').filter((e) => e.module);
    expect(modules.length).toBeGreaterThan(0);
    for (const e of modules) expect(publicText, e.id).toContain(`"./${kebab(e.id)}.handler.ts"`);
  });

  it('answers each documented endpoint from the store', async () => {
    const get = async (path: string) => handler(new Request(`https://skribra.test${path}`, { headers: bearer(A.key) }), {});
    expect((await get('/v1/projects')).status).toBe(200);
    expect((await get(`/v1/articles?projectId=${A.on}`)).status).toBe(200);
    expect((await get(`/v1/articles/tagged?projectId=${A.on}`)).status).toBe(200);
    expect((await get(`/v1/sync?projectId=${A.on}`)).status).toBe(200);
    expect(await (await get(`/v1/tags?projectId=${A.on}`)).json()).toEqual({ data: { items: [{ name: 'seo', article_count: 1 }] } });
  });
});
