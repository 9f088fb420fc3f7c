#!/usr/bin/env node
// `npm start`: claim the data directory and the port (a second instance says which one runs, and exits 1 before
// touching anything), start (or join) the store, migrate, seed the demo data, build the site when stale (beside the
// served build, published whole), then serve the static build and every API from one process, following newer builds.
// Ctrl-C stops cleanly: the server closes, then the store. A failure at start is one line, not a stack trace.
import { resolve } from 'node:path';
import { readConfig, type Config } from '../src/model/config.ts';
import { openStore } from '../src/store/open-store.ts';
import { seedDemo, seedsDemo } from '../dev/seed/seed.ts';
import { buildIfStale } from '../origin/build-if-stale.ts';
import { createLocalOrigin } from '../origin/local-origin.ts';
import { claimInstance } from '../origin/claim-instance.ts';
import { describeListenError } from '../origin/listen-error.ts';
import { followBuilds } from '../origin/follow-builds.ts';
import { listen } from '../origin/serve.ts';
import { blogLastChange } from '../src/request/blog/store-article-source.ts';
import { startWebhookTimer } from '../src/request/webhooks/start-webhook-timer.ts';
import { createTagCache } from '../origin/tag-cache.ts';
import { followBlogChanges } from '../src/request/blog/follow-blog-changes.ts';
import { startPurgeTimer } from '../src/request/blog/start-purge-timer.ts';
import { describeTargetPolicy, policyFromEnv } from '../src/request/webhooks/vet-target.ts';
import { announceOff, startSignupAnnouncer } from '../src/request/webhooks/announce-signups.ts';

/** Prints one line and exits 1: what went wrong at start, without our stack trace. */
function fail(err: unknown): never {
  const listening = config && describeListenError(err, config.PORT, config.HOST);
  console.error(`npm start: ${listening || (err instanceof Error ? err.message : String(err))}`);
  process.exit(1);
}

const root = resolve(import.meta.dirname, '..');
let config: Readonly<Config> | undefined;
try {
  config = readConfig();
} catch (err) {
  fail(err);
}
const port = config.PORT;
process.env.SITE_URL ??= `http://localhost:${port}`;
const instance = await claimInstance({ dataDir: config.SKRIBRA_DATA_DIR, port, host: config.HOST }).catch(fail);
process.on('exit', () => instance.release());

const store = await openStore({ config }).catch(fail);
console.log(`store: ${store.embedded ? `embedded PostgreSQL in ${process.env.SKRIBRA_DATA_DIR ?? '.data/'}` : 'DATABASE_URL'} (migrated)`);
const demoKey = await seedDemo(store, { config, demo: seedsDemo(store.embedded, config.SKRIBRA_SEED_DEMO) });
if (demoKey)
  console.log(
    `\nSeeded the demo account. Its API key is shown once, now:\n\n  ${demoKey}\n\nTry: curl -H "Authorization: Bearer ${demoKey}" ${process.env.SITE_URL}/v1/projects\n`,
  );

// The blog's pages are answered on request from the store; the build's search index holds its articles, so a change
// of the blog since the last build makes the build stale for the next start (never while this one serves).
// The build goes to SKRIBRA_DIST_DIR when set (a test or a second instance with a build of its own), else dist/; an
// instance for another SITE_URL may share it: each serves and follows only the builds made for its own URL.
const distDir = resolve(root, config.SKRIBRA_DIST_DIR ?? 'dist');
const inputs = `${process.env.SITE_URL}\0${process.env.SKRIBRA_CONTENT_DIR ?? ''}\0${await blogLastChange(store.sql, config.SKRIBRA_BLOG_PROJECT_ID)}`;
let built: string;
try {
  built = buildIfStale(root, distDir, inputs);
} catch (err) {
  fail(err); // the build printed its problems above
}
// Every API over this build and the store; the blog (its pages, feed, twins, and its part of the sitemap and llms
// files) is read from the store on request and kept in a cache that follows the store's change log (within a
// second of a change). Each answer from one build: the served build never changes, and a newer one (`npm run
// build`) is followed whole, with the blog's answers rendered again by its templates.
const blogCache = createTagCache();
const blogChanges = followBlogChanges(store.sql, { config, cache: blogCache });
const handler = followBuilds(distDir, built, (dir) => {
  blogCache.clear();
  return createLocalOrigin({ distDir: dir, config, sql: store.sql, blogCache }).handler;
});
const server = await listen(handler, port, config.HOST, config.SKRIBRA_TRUST_PROXY).catch(fail);
console.log(`Skribra is serving ${process.env.SITE_URL} (site, /api/v1 and /v1) on port ${server.port}`);
// Publish webhook deliveries: first sends a CLI left behind, and due retries (SKRIBRA_WEBHOOK_INTERVAL_MS).
const webhooks = startWebhookTimer(store.sql, { config, intervalMs: config.SKRIBRA_WEBHOOK_INTERVAL_MS });
console.log(describeTargetPolicy(policyFromEnv(config)));
// Cache purges of the blog's changes (SKRIBRA_PURGE_URL, Netlify's CDN): what a CLI left, and every change since.
const purges = startPurgeTimer(store.sql, { config });
// Trial sign-ups' announcements to the team (SKRIBRA_SIGNUP_WEBHOOK_URL): what a first send left, and due retries.
const announcer = startSignupAnnouncer(store.sql, { config, intervalMs: config.SKRIBRA_WEBHOOK_INTERVAL_MS });
const off = announceOff(config);
console.log(
  `sign-ups: ${off ? `kept in the store, not announced (${off})` : `announced to ${new URL(config.SKRIBRA_SIGNUP_WEBHOOK_URL!).origin}`}`,
);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping...`);
  await server.close();
  await webhooks.stop();
  await purges.stop();
  await blogChanges.stop();
  await announcer.stop();
  await store.close({ wait: true });
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
