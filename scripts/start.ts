#!/usr/bin/env node
// `npm start`: start (or join) the store, migrate, seed the demo data, build the site when stale, then serve the
// static build and every API from one process. Ctrl-C stops cleanly: the server closes, then the store.
import { resolve } from 'node:path';
import { readConfig } from '../src/config.ts';
import { openStore } from '../src/store/open-store.ts';
import { seedDemo, seedsDemo } from '../src/store/seed.ts';
import { buildIfStale } from '../src/origin/build-if-stale.ts';
import { createLocalOrigin } from '../src/origin/local-origin.ts';
import { listen } from '../src/origin/serve.ts';
import { blogLastChange } from '../src/blog/store-article-source.ts';
import { startWebhookTimer } from '../src/webhooks/start-webhook-timer.ts';
import { describeTargetPolicy, policyFromEnv } from '../src/webhooks/vet-target.ts';

const root = resolve(import.meta.dirname, '..');
const config = readConfig();
const port = config.PORT;
process.env.SITE_URL ??= `http://localhost:${port}`;

const store = await openStore({ config });
console.log(`store: ${store.embedded ? `embedded PostgreSQL in ${process.env.SKRIBRA_DATA_DIR ?? '.data/'}` : 'DATABASE_URL'} (migrated)`);
const demoKey = await seedDemo(store, { config, demo: seedsDemo(store.embedded, config.SKRIBRA_SEED_DEMO) });
if (demoKey)
  console.log(
    `\nSeeded the demo account. Its API key is shown once, now:\n\n  ${demoKey}\n\nTry: curl -H "Authorization: Bearer ${demoKey}" ${process.env.SITE_URL}/v1/projects\n`,
  );

// The blog's pages are built from the store: a publish, unpublish or retire since the last build makes it stale.
// The build goes to SKRIBRA_DIST_DIR when set (a test or a second instance with a build of its own), else dist/.
const distDir = resolve(root, config.SKRIBRA_DIST_DIR ?? 'dist');
buildIfStale(
  root,
  distDir,
  `${process.env.SITE_URL}\0${process.env.SKRIBRA_CONTENT_DIR ?? ''}\0${await blogLastChange(store.sql, config.SKRIBRA_BLOG_PROJECT_ID)}`,
);
// Every API over this build and the store; /api/v1/articles reads the store live, so it is current between builds.
const { handler } = createLocalOrigin({ distDir, config, sql: store.sql });
const server = await listen(handler, port, config.HOST, config.SKRIBRA_TRUST_PROXY);
console.log(`Skribra is serving ${process.env.SITE_URL} (site, /api/v1 and /v1) on port ${server.port}`);
// Publish webhook deliveries: first sends a CLI left behind, and due retries (SKRIBRA_WEBHOOK_INTERVAL_MS).
const webhooks = startWebhookTimer(store.sql, { config, intervalMs: config.SKRIBRA_WEBHOOK_INTERVAL_MS });
console.log(describeTargetPolicy(policyFromEnv(config)));

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping...`);
  await server.close();
  await webhooks.stop();
  await store.close({ wait: true });
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
