#!/usr/bin/env node
// `npm run check:netlify`: production's runtimes against the local origin (DESIGN section 3, rule 13). Builds the site
// into a temp dir from a seeded store of its own (an embedded PostgreSQL in a temp dir, so /api/v1/articles and /v1
// are covered), serves that build with the Netlify model (scripts/netlify/) and with the local origin, sends both the
// same requests and prints every difference. Exits 1 on any mismatch.
//   --dist <dir>      check an existing build instead (no store: the blog and /v1 answer their store errors)
//   --site-url <url>  the SITE_URL to build for (default http://localhost:4321)
//   --group <name>    only the probes of one group (route, markdown, site, machine, methods, hostile, 404, keys)
// How the model reads Netlify, and what it cannot reproduce offline: scripts/netlify/README.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { astroBuild } from '../src/build-time/astro-build.ts';
import { joinEmbedded } from '../src/store/embedded.ts';
import { openStore, type Store } from '../src/store/open-store.ts';
import { readConfig } from '../src/model/config.ts';
import { seedDemo } from '../dev/seed/seed.ts';
import { differenceSummary, mismatchTable, runNetlifyCheck } from './netlify/run-check.ts';

const { values } = parseArgs({
  options: { dist: { type: 'string' }, 'site-url': { type: 'string', default: 'http://localhost:4321' }, group: { type: 'string' } },
});
const siteUrl = values['site-url']!;
const started = Date.now();
const temp: string[] = [];
let store: Store | undefined;
let release: (() => Promise<void>) | undefined;

try {
  let distDir = values.dist;
  let databaseUrl: string | undefined;
  let key: string | undefined;
  if (!distDir) {
    const dataDir = mkdtempSync(join(tmpdir(), 'skribra-netlify-check-data-'));
    distDir = mkdtempSync(join(tmpdir(), 'skribra-netlify-check-dist-'));
    temp.push(dataDir, distDir);
    const server = await joinEmbedded(dataDir);
    release = () => server.release({ wait: true });
    databaseUrl = server.url;
    const config = readConfig();
    store = await openStore({ config, databaseUrl });
    key = (await seedDemo(store, { config })) ?? undefined;
    astroBuild({ outDir: distDir, quiet: true, env: { SITE_URL: siteUrl, SKRIBRA_CONTENT_DIR: '', DATABASE_URL: databaseUrl } });
    console.log(`built ${siteUrl} into ${distDir} from a seeded store (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  const result = await runNetlifyCheck({
    distDir,
    siteUrl,
    sql: store?.sql,
    databaseUrl,
    key,
    ...(values.group ? { filter: (p) => p.group === values.group || p.group.startsWith(`${values.group} `) } : {}),
  });
  // Differences where the model itself is unconfirmed are shown, with why, but do not fail the check.
  const unverified = result.mismatches.filter((m) => m.probe.unverified);
  for (const reason of new Set(unverified.map((m) => m.probe.unverified))) {
    const paths = [...new Set(unverified.filter((m) => m.probe.unverified === reason).map((m) => `${m.probe.method} ${m.probe.path}`))];
    console.log(`not failed (${reason}): ${paths.join(', ')}`);
  }
  const mismatches = result.mismatches.filter((m) => !m.probe.unverified);
  const requests = new Set(mismatches.map((m) => m.probe)).size;
  if (mismatches.length) {
    console.log(`\n${mismatchTable(mismatches)}\n\nThe same, grouped:\n${differenceSummary(mismatches)}\n`);
    console.log(
      `netlify check: ${requests} of ${result.probes} requests differ (${mismatches.length} fields), ${(result.ms / 1000).toFixed(1)} s for the comparison, ${((Date.now() - started) / 1000).toFixed(1)} s in all`,
    );
    process.exitCode = 1;
  } else {
    console.log(`netlify check: ${result.probes} requests, all equal on both runtimes (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
} finally {
  await store?.close({ wait: true });
  await release?.();
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
}
