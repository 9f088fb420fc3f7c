#!/usr/bin/env node
// `npm run check:site` (both), `check:html` (--html) and `check:links` (--links): outside checkers over a build of the
// site. The Nu HTML Checker over every page (0 errors); linkinator from `/` with fragments checked (0 broken
// same-site links, every sitemap URL reached). Each failure names the page and its line; any failure exits 1.
// The build is a fresh one from a seeded store (the blog included), for a loopback address; `--dist DIR` checks a
// build already made instead (links only when it was built for SITE_URL http://127.0.0.1:<free port>, which
// `--site URL` names).
import { parseArgs } from 'node:util';
import { readConfig } from '../src/model/config.ts';
import { buildSeededSite } from '../dev/seeded-site.ts';
import { freePort } from '../src/store/free-port.ts';
import { checkHtml } from './site-check/check-html.ts';
import { checkLinks } from './site-check/check-links.ts';
import { writeLivePages } from './site-check/live-pages.ts';
import type { Sql } from 'postgres';
import type { Store } from '../src/store/open-store.ts';

const { values } = parseArgs({
  options: { html: { type: 'boolean' }, links: { type: 'boolean' }, dist: { type: 'string' }, site: { type: 'string' } },
});
const both = !values.html && !values.links;
const config = readConfig();
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

const siteUrl = values.site ?? `http://127.0.0.1:${await freePort()}`;
let distDir = values.dist;
let cleanup = async () => {};
let sql: Sql | undefined;
if (!distDir) {
  console.log(`building the site for ${siteUrl}...`);
  let store: Store;
  ({ distDir, cleanup, store } = await buildSeededSite(config, siteUrl, 'check'));
  sql = store.sql;
  // The blog's pages are answered on request: written beside the build's for the checkers that read files.
  console.log(`built (${seconds()}); ${await writeLivePages(distDir, siteUrl, config, sql)} blog pages written beside it`);
}

let failed = false;
const report = (name: string, summary: string, problems: string[]) => {
  console.log(`${name}: ${summary}, ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} (${seconds()})`);
  for (const p of problems) console.log(`  ${p}`);
  if (problems.length) failed = true;
};
try {
  if (both || values.html) {
    const { files, problems } = checkHtml(distDir);
    report('Nu HTML Checker', `${files} pages`, problems);
  }
  if (both || values.links) {
    const { checked, pages, problems } = await checkLinks(distDir, siteUrl, config, sql);
    report('linkinator', `${checked} links checked from /, ${pages} sitemap URLs`, problems);
  }
} finally {
  await cleanup();
}
process.exit(failed ? 1 : 0);
