#!/usr/bin/env node
// One command from a fresh clone of the Skribra repository, after `npm install` and `npm start` at its root:
//   SKRIBRA_API_KEY=sk_live_... npm run example:nextjs
// Builds the client if it is not built, installs this example's packages (next, react) when they are missing, points
// it at the local origin (http://localhost:$PORT, 4321 by default; SKRIBRA_BASE_URL to change it) and the demo project
// (prj_demo_blog; SKRIBRA_PROJECT_ID), and runs `next build`. Then `npm start --prefix examples/nextjs-app` serves it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const EXAMPLE = resolve(import.meta.dirname, '..');
const ROOT = resolve(EXAMPLE, '../..');
const CLIENT = join(ROOT, 'packages/content-client');

const fail = (message) => {
  console.error(`example:nextjs: ${message}`);
  process.exit(1);
};
const run = (cmd, args, opts, what) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.status !== 0) fail(`${what} failed (see above).`);
};

if (!existsSync(join(ROOT, 'node_modules/typescript'))) fail('run npm install at the root of the repository first.');
const key = process.env.SKRIBRA_API_KEY;
if (!key) {
  fail(
    [
      'set SKRIBRA_API_KEY to the demo account\'s key. npm start printed it at its first start ("Seeded the demo account.',
      'Its API key is shown once, now: sk_live_..."). Lost it? `npx skribra key rotate --account acc_demo --yes` prints a new one.',
    ].join('\n'),
  );
}

const newest = (dir) => Math.max(0, ...readdirSync(dir, { recursive: true }).map((f) => statSync(join(dir, f)).mtimeMs));
const built = join(CLIENT, 'dist/index.js');
if (!existsSync(built) || statSync(built).mtimeMs < newest(join(CLIENT, 'src'))) {
  console.log('building @skribra/content (packages/content-client)');
  run('npm', ['run', 'build:client'], { cwd: ROOT }, 'the client build');
}
if (!existsSync(join(EXAMPLE, 'node_modules/next'))) {
  console.log("installing the example's packages (next, react) into examples/nextjs-app");
  run('npm', ['install', '--no-audit', '--no-fund'], { cwd: EXAMPLE }, 'npm install');
}

const env = {
  ...process.env,
  SKRIBRA_BASE_URL: process.env.SKRIBRA_BASE_URL || `http://localhost:${process.env.PORT || 4321}`,
  SKRIBRA_PROJECT_ID: process.env.SKRIBRA_PROJECT_ID || 'prj_demo_blog',
  NEXT_TELEMETRY_DISABLED: '1',
};
try {
  const res = await fetch(new URL('/v1/projects', env.SKRIBRA_BASE_URL), { headers: { authorization: `Bearer ${key}` } });
  if (res.status === 401) fail(`${env.SKRIBRA_BASE_URL} refused the key (401): use the key this origin's npm start printed.`);
} catch {
  fail(`nothing answers at ${env.SKRIBRA_BASE_URL}: start the local origin with npm start at the root (or set SKRIBRA_BASE_URL).`);
}
console.log(`building examples/nextjs-app against ${env.SKRIBRA_BASE_URL}, project ${env.SKRIBRA_PROJECT_ID}`);
run(join(EXAMPLE, 'node_modules/.bin/next'), ['build'], { cwd: EXAMPLE, env }, 'next build');
console.log(
  `\nbuilt examples/nextjs-app/.next; serve it with: SKRIBRA_API_KEY=... SKRIBRA_BASE_URL=${env.SKRIBRA_BASE_URL} SKRIBRA_PROJECT_ID=${env.SKRIBRA_PROJECT_ID} npm start --prefix examples/nextjs-app`,
);
