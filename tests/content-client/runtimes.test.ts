// The built package (dist/) as a customer installs it: the main and Astro entry points import no Node built-in
// (fetch and WebCrypto only, for Deno, Bun and edge runtimes), and it runs on the oldest Node it supports (20),
// against a served content API, when this machine has one (Debian's /usr/bin/node is 20 here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { fixture, openTestStore, type TestStore } from '../content/helpers.ts';
import { serveContentApi, type Served } from './served-api.ts';
import { builtClient } from '../helpers/built-client.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'packages/content-client/dist');
const OLD_NODE = ['/usr/bin/node', '/usr/local/bin/node20'].find((p) => {
  const r = spawnSync(p, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  return r.status === 0 && Number(r.stdout.split('.')[0]) === 20;
});

let t: TestStore;
let api: Served;
beforeAll(async () => {
  await builtClient(); // packages/content-client/dist, built once for the run
  t = await openTestStore();
  api = await serveContentApi(t.store.sql);
});
afterAll(async () => {
  await api?.close();
  await t?.close();
});

describe('@skribra/content as built', () => {
  it('imports no Node built-in outside the file cache entry point, and no package but thumbhash (images entry only)', () => {
    const files = (readdirSync(DIST, { recursive: true }) as string[]).filter((f) => f.endsWith('.js'));
    expect(files).toContain('index.js');
    for (const f of files) {
      const imports = [...readFileSync(join(DIST, f), 'utf8').matchAll(/(?:from\s+|import\()\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
      const outside = imports.filter((s) => !s.startsWith('./') && !s.startsWith('../'));
      expect(outside, f).toEqual(f === 'file-cache.js' ? ['node:fs/promises'] : f === 'images.js' ? ['thumbhash'] : []);
    }
  });

  it.skipIf(!OLD_NODE)('runs on Node 20: projects, an article, a typed error', async () => {
    const f = await fixture(t.store, 1);
    const script = `
      import { createClient, SkribraError } from ${JSON.stringify(join(DIST, 'index.js'))};
      const c = createClient({ apiKey: process.env.KEY, baseUrl: process.env.BASE });
      const projects = await c.projects();
      const got = await c.articles.get(projects[0].id, ${JSON.stringify(f.slugs[0])});
      const err = await createClient({ apiKey: 'sk_wrong', baseUrl: process.env.BASE }).projects().catch((e) => e);
      console.log(JSON.stringify([process.versions.node.split('.')[0], projects.length, got.kind, err instanceof SkribraError, err.code]));`;
    const { stdout } = await promisify(execFile)(OLD_NODE!, ['--input-type=module', '-e', script], {
      env: { ...process.env, KEY: f.key, BASE: api.url },
    });
    expect(JSON.parse(stdout)).toEqual(['20', 2, 'article', true, 'unauthorized']);
  });
});
