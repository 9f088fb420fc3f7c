#!/usr/bin/env node
// One command from a fresh clone of the Skribra repository, after `npm install` and `npm start` at its root:
//   SKRIBRA_API_KEY=sk_live_... npm run example:astro
// Builds the client if it is not built, points the example at the local origin (http://localhost:$PORT, 4321 by
// default; SKRIBRA_BASE_URL to change it) and the demo project (prj_demo_blog; SKRIBRA_PROJECT_ID), and builds the
// site into examples/astro-site/dist. Then `npx astro preview --root examples/astro-site` serves it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const EXAMPLE = resolve(import.meta.dirname, '..');
const ROOT = resolve(EXAMPLE, '../..');
const CLIENT = join(ROOT, 'packages/content-client');

const fail = (message) => {
  console.error(`example:astro: ${message}`);
  process.exit(1);
};

if (!existsSync(join(ROOT, 'node_modules/astro'))) fail('run npm install at the root of the repository first.');
const key = process.env.SKRIBRA_API_KEY;
if (!key) {
  fail(
    [
      'set SKRIBRA_API_KEY to the demo account\'s key. npm start printed it at its first start ("Seeded the demo account.',
      'Its API key is shown once, now: sk_live_..."). Lost it? `npx skribra key rotate --account acc_demo --yes` prints a new one.',
    ].join('\n'),
  );
}

// The client's dist/, built when missing or older than its sources.
const newest = (dir) => Math.max(0, ...readdirSync(dir, { recursive: true }).map((f) => statSync(join(dir, f)).mtimeMs));
const built = join(CLIENT, 'dist/astro.js');
if (!existsSync(built) || statSync(built).mtimeMs < newest(join(CLIENT, 'src'))) {
  console.log('building @skribra/content (packages/content-client)');
  const r = spawnSync('npm', ['run', 'build:client'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) fail('the client did not build (see above).');
}

const env = {
  ...process.env,
  SKRIBRA_BASE_URL: process.env.SKRIBRA_BASE_URL || `http://localhost:${process.env.PORT || 4321}`,
  SKRIBRA_PROJECT_ID: process.env.SKRIBRA_PROJECT_ID || 'prj_demo_blog',
  ASTRO_TELEMETRY_DISABLED: '1',
};
try {
  const res = await fetch(new URL('/v1/projects', env.SKRIBRA_BASE_URL), { headers: { authorization: `Bearer ${key}` } });
  if (res.status === 401) fail(`${env.SKRIBRA_BASE_URL} refused the key (401): use the key this origin's npm start printed.`);
} catch {
  fail(`nothing answers at ${env.SKRIBRA_BASE_URL}: start the local origin with npm start at the root (or set SKRIBRA_BASE_URL).`);
}
console.log(`building examples/astro-site against ${env.SKRIBRA_BASE_URL}, project ${env.SKRIBRA_PROJECT_ID}`);
const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--root', EXAMPLE], {
  cwd: EXAMPLE,
  env,
  stdio: 'inherit',
});
if (r.status !== 0) fail('astro build failed (see above).');
console.log(`\nbuilt examples/astro-site/dist; serve it with: npx astro preview --root examples/astro-site`);
