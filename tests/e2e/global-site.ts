// The e2e suite's site, set up once per run: the real build (SITE_URL on a free loopback port), the real local origin
// with the public, tools and content APIs (the store in a temp SKRIBRA_DATA_DIR, one account with a key), and a
// second origin on another loopback port that plays "some other website".
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { createOrigin } from '../../src/origin/create-origin.ts';
import { loadPublicApi } from '../../src/origin/load-public-api.ts';
import { listen } from '../../src/origin/serve.ts';
import { createToolsApi } from '../../src/api/tools/create-tools-api.ts';
import { TOOLS_RATE_LIMIT } from '../../src/api/tools/rate-limit.ts';
import { createContentApi } from '../../src/api/content/create-content-api.ts';
import { openStore } from '../../src/store/open-store.ts';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { seedDemo } from '../../src/store/seed.ts';

const freePort = () => new Promise<number>((resolvePort, reject) => {
  const srv = createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address() as { port: number };
    srv.close(() => resolvePort(port));
  }).on('error', reject);
});

export default async function setup(project: TestProject) {
  const started = Date.now();
  const port = Number(process.env.E2E_PORT) || await freePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  // The store first: the build reads the blog from it (the house blog that seedDemo writes).
  const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'skribra-e2e-data-'));
  const store = await openStore({ dataDir });
  await seedDemo(store);
  const distDir = mkdtempSync(join(tmpdir(), 'skribra-e2e-dist-'));
  const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', distDir, '--silent'], {
    env: { ...process.env, SITE_URL: siteUrl, SKRIBRA_CONTENT_DIR: '', ...(dataDir ? { SKRIBRA_DATA_DIR: dataDir } : {}) }, encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`e2e build failed:\n${build.stdout}\n${build.stderr}`);

  const { account_id, api_key } = await createAccount(store.sql, 'E2E account');
  await createProject(store.sql, { accountId: account_id, name: 'E2E blog', url: 'https://e2e.example', apiEnabled: true });

  const { handler: publicApi, catalog } = loadPublicApi(distDir);
  const origin = createOrigin({
    distDir,
    apis: { public: publicApi, tools: createToolsApi({ catalog, rateLimit: TOOLS_RATE_LIMIT }), content: createContentApi({ sql: store.sql }) },
  });
  const site = await listen(origin, port, '127.0.0.1');
  const other = await listen(async () => new Response('<!doctype html><html lang="en"><title>Another site</title><h1>Another site</h1></html>', {
    headers: { 'content-type': 'text/html; charset=utf-8' },
  }), 0, '127.0.0.1');
  console.log(`e2e site ${siteUrl} ready in ${Date.now() - started} ms (build, store, origin)`);

  project.provide('e2e', { siteUrl, otherUrl: `http://127.0.0.1:${other.port}`, apiKey: api_key, distDir });
  return async () => {
    await other.close();
    await site.close();
    await store.close({ wait: true });
    rmSync(distDir, { recursive: true, force: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext { e2e: { siteUrl: string; otherUrl: string; apiKey: string; distDir: string } }
}
