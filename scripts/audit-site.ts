#!/usr/bin/env node
// `npm run audit:site`: every page template, served by the real local origin from a fresh seeded build, at 1280 px
// (Lighthouse desktop preset) and 390 px (Playwright and Lighthouse's mobile emulation at 390 × 844). It fails on
// any horizontal overflow, any axe finding of moderate impact or worse, Lighthouse SEO below 100 or any other category
// below 95. It states the JavaScript each page loads, writes a full-page screenshot of every page at both widths to
// audit-screenshots/ (gitignored) and prints a markdown table. One Chromium serves the whole run: every Lighthouse run,
// one at a time, then Playwright's pages for the checks that time nothing, a few at a time (scripts/audit/).
// The blog article audited is one with a 1,600 px cover and three pictures in its body (dev/seed/seed-images.ts),
// and the Astro example (examples/astro-site) is built against this origin and its page of the same article audited
// too: at 390 px each must have no layout shift (CLS 0) and a largest paint that is not lazy-loaded.
// Env: CHROMIUM_PATH, SKRIBRA_BROWSER=bundled (see dev/chromium.ts), AUDIT_PORT (default: a free port),
// AUDIT_SCREENSHOTS (default: audit-screenshots), AUDIT_ONLY (comma-separated template names, to audit a few;
// "astro example article" names the example's page).
import { readFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { createLocalOrigin } from '../origin/local-origin.ts';
import { readConfig } from '../src/model/config.ts';
import { listen } from '../origin/serve.ts';
import { buildSeededSite } from '../dev/seeded-site.ts';
import { freePort } from '../src/store/free-port.ts';
import { launchAuditBrowser } from './audit/launch-audit-browser.ts';
import { lighthouseScores, type ImageFindings } from './audit/lighthouse-scores.ts';
import { buildAstroExample } from './audit/astro-example.ts';
import { serveDirectory } from './audit/serve-directory.ts';
import { publishArticle } from '../src/store/repos/articles.ts';
import { createAccount } from '../src/store/repos/accounts.ts';
import { createProject } from '../src/store/repos/projects.ts';
import { BLOG_PROJECT_ID } from '../src/store/repos/blog-project.ts';
import { PICTURE_ARTICLE_SLUG, pictureArticle } from '../dev/seed/seed-images.ts';
import { COLLECTIONS } from '../src/model/catalog/collections.ts';
import type { Catalog } from '../src/model/catalog/catalog.ts';

const BUDGET = { performance: 95, accessibility: 95, 'best-practices': 95, seo: 100 } as const;
/**
 * Lighthouse 12's robots.txt audit refuses every directive outside a safelist older than Content Signals, so the
 * site's `Content-Signal` lines (contentsignals.org; issue 26) would fail it. It is skipped, and robotsProblems()
 * below holds robots.txt to the same rules with that one directive added.
 */
const SKIPPED_AUDITS = ['robots-txt'];
/** Lighthouse's safelist (core/audits/seo/robots-txt.js), plus Content-Signal. */
const ROBOTS_DIRECTIVES = new Set([
  'user-agent',
  'disallow',
  'allow',
  'sitemap',
  'crawl-delay',
  'clean-param',
  'host',
  'request-rate',
  'visit-time',
  'noindex',
  'content-signal',
]);

/** Each robots.txt line Lighthouse's audit would refuse, bar Content-Signal: unknown directives, bad values. */
function robotsProblems(text: string): string[] {
  const problems: string[] = [];
  let inGroup = false;
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (colon < 1 || !ROBOTS_DIRECTIVES.has(name)) problems.push(`line ${i + 1}: unknown directive "${line}"`);
    else if (name === 'user-agent') {
      if (!value) problems.push(`line ${i + 1}: empty user-agent`);
      inGroup = true;
    } else if ((name === 'allow' || name === 'disallow') && (!inGroup || (value && !/^[/*]/.test(value))))
      problems.push(`line ${i + 1}: ${line}`);
    else if (name === 'sitemap' && !URL.canParse(value)) problems.push(`line ${i + 1}: sitemap is not a URL`);
  }
  return problems;
}
type Category = keyof typeof BUDGET;
const WIDTHS = [1280, 390] as const;
/** Pages checked at a time after the Lighthouse runs (overflow, JavaScript, screenshot, axe time nothing). */
const PAGE_CHECKS = 3;
/** axe impacts that fail the audit; "minor" findings are printed only. */
const FAILING_IMPACTS = new Set(['moderate', 'serious', 'critical']);
const root = resolve(import.meta.dirname, '..');
const shotsDir = resolve(root, process.env.AUDIT_SCREENSHOTS || 'audit-screenshots');
const require = createRequire(import.meta.url);

/** One page of every template the site has. */
function templates(catalog: Catalog, _distDir: string): [string, string | undefined][] {
  const first = (kind: string, skip = (_: string) => false) => catalog.pages.find((p) => p.kind === kind && !skip(p.path))?.path;
  const list: [string, string | undefined][] = [
    ['home', '/'],
    ['glossary index', '/glossary/'],
    ['glossary category', first('glossary-category')],
    ['glossary term', first('glossary')],
    // Each declared collection's index and one entry; a tool runs in the browser or on the server, one of each.
    ...COLLECTIONS.flatMap((c): [string, string | undefined][] => [
      [`${c.key} index`, c.route],
      ...(c.key === 'tools'
        ? (['browser', 'server'] as const).map((on): [string, string | undefined] => [
            `tool (${on})`,
            catalog.tools.find((t) => t.runs_on === on)?.url,
          ])
        : [[c.kind, first(c.kind)] as [string, string | undefined]]),
    ]),
    ['pricing', '/pricing/'],
    ['docs guide', '/docs/public-api/'],
    ['API reference', '/docs/reference/content-api/'],
    ['page', first('page')],
    ['audience', first('audience')],
    ['resource', first('resource')],
    ['search', '/search/?q=canonical'],
    ['404', '/no-such-page/'],
  ];
  // The blog, answered on request from the seeded store: its index, a second index page (13 articles), and the
  // article with a cover and pictures of its own (seeded below).
  list.push(['blog index', '/blog/'], ['blog index page 2', '/blog/page/2/'], ['blog article', `/blog/${PICTURE_ARTICLE_SLUG}/`]);
  const only = process.env.AUDIT_ONLY?.split(',').map((s) => s.trim());
  return list
    .map(([t, p]) => [t, p?.startsWith('http') ? new URL(p).pathname : p] as [string, string | undefined])
    .filter(([t]) => !only || only.includes(t));
}

/** A page of a template at one width. */
interface Target {
  template: string;
  path: string;
  width: number;
}

interface Row extends Target {
  scores?: Record<Category, number>;
  retried: boolean;
  jsKb: number;
  overflow: number;
  axe: string[];
}

const started = Date.now();
const port = Number(process.env.AUDIT_PORT) || (await freePort());
const siteUrl = `http://127.0.0.1:${port}`;
console.log(`building the site for ${siteUrl}...`);
const config = readConfig();
/** The Astro example's project and key: the picture article alone, so its build makes the images of one article. */
let example: { apiKey: string; projectId: string } | undefined;
const { store, distDir, cleanup } = await buildSeededSite(config, siteUrl, 'audit', async (store) => {
  // The article with a 1,600 px cover and three pictures, served by this origin: the company blog's newest, and
  // the only article of a project the Astro example builds.
  const article = await pictureArticle(siteUrl, siteUrl);
  await publishArticle(store.sql, BLOG_PROJECT_ID, article);
  const account = await createAccount(store.sql, 'Site audit (Astro example)');
  const projectId = await createProject(store.sql, { accountId: account.account_id, name: 'Pictures', apiEnabled: true });
  await publishArticle(store.sql, projectId, article);
  example = { apiKey: account.api_key, projectId };
});
// With the store: the content API the Astro example's build reads.
const { handler: origin, catalog } = createLocalOrigin({ distDir, config, sql: store.sql });
const server = await listen(origin, port, '127.0.0.1');
rmSync(shotsDir, { recursive: true, force: true });
mkdirSync(shotsDir, { recursive: true });

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const { browser, port: debugPort } = await launchAuditBrowser();
const lighthouse = lighthouseScores({ port: debugPort, categories: Object.keys(BUDGET) as Category[], skipAudits: SKIPPED_AUDITS });
let failed = false;

/** The checks that time nothing, in a page of the audit's own: horizontal overflow, JavaScript, screenshot, axe. */
async function pageChecks({ template, path, width }: Target): Promise<Pick<Row, 'jsKb' | 'overflow' | 'axe'>> {
  // The page's CSP would refuse the injected axe script (as it should any inline script it does not list): the
  // audit's own context bypasses it; Lighthouse and the browser tests run under it.
  const page = await browser.newPage({ viewport: { width, height: width >= 1000 ? 800 : 844 }, bypassCSP: true });
  await page.goto(`${siteUrl}${path}`, { waitUntil: 'networkidle' });
  // Horizontal overflow: anything that makes the page wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  // JavaScript the page loads: script files by transfer size (as served), plus inline scripts (not JSON-LD).
  const jsBytes = await page.evaluate(() => {
    const files = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.initiatorType === 'script' || /\.m?js(\?|$)/.test(e.name))
      .reduce((n, e) => n + (e.encodedBodySize || e.transferSize), 0);
    const inline = [...document.querySelectorAll('script:not([src])')]
      .filter((s) => !/json/.test((s as HTMLScriptElement).type))
      .reduce((n, s) => n + (s.textContent?.length ?? 0), 0);
    return files + inline;
  });
  await page.screenshot({ path: join(shotsDir, `${template.replace(/\W+/g, '-')}-${width}.png`), fullPage: true });
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }
    ).axe.run();
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
  });
  await page.close();
  const minor = violations.filter((v) => !FAILING_IMPACTS.has(v.impact));
  if (minor.length) console.log(`  ${path} @${width}: minor axe findings: ${minor.map((v) => `${v.id} (${v.nodes})`).join(', ')}`);
  const axe = violations.filter((v) => FAILING_IMPACTS.has(v.impact)).map((v) => `${v.id} (${v.impact}, ${v.nodes})`);
  return { jsKb: jsBytes / 1024, overflow, axe };
}

/** The image pages (mobile): the company blog's picture article and the Astro example's page of it. */
interface ImageRow {
  page: string;
  url: string;
  performance: number;
  images: ImageFindings;
}
const imageRows: ImageRow[] = [];
const IMAGE_WIDTH = 390;
const wanted = (template: string) => !process.env.AUDIT_ONLY || process.env.AUDIT_ONLY.split(',').some((t) => t.trim() === template);

/** Lighthouse on an image page at 390 px; a performance under budget is measured once more (the better kept). */
async function imageAudit(page: string, url: string): Promise<void> {
  let run = await lighthouse(url, IMAGE_WIDTH, true);
  if (run.performance < BUDGET.performance) {
    const again = await lighthouse(url, IMAGE_WIDTH, true);
    if (again.performance > run.performance) run = again;
  }
  imageRows.push({ page, url, performance: run.performance, images: run.images });
}

/** The Astro example built against this origin into `work`. */
async function exampleBuild(work: string): Promise<void> {
  const began = Date.now();
  await buildAstroExample({ baseUrl: siteUrl, ...example!, outDir: join(work, 'dist'), cacheDir: join(work, 'cache') });
  console.log(`  built the Astro example in ${((Date.now() - began) / 1000).toFixed(1)} s (beside the page checks)`);
}

/** The Astro example's build served as a static host would, and its page of the picture article audited. */
async function exampleAudit(work: string): Promise<void> {
  const served = await serveDirectory(join(work, 'dist'));
  try {
    await imageAudit('astro example article', `http://127.0.0.1:${served.port}/${PICTURE_ARTICLE_SLUG}/`);
  } finally {
    await served.close();
  }
}

const rows: Row[] = [];
try {
  const targets: Target[] = [];
  for (const [template, path] of templates(catalog, distDir)) {
    if (!path) {
      console.error(`no page for template "${template}"`);
      failed = true;
    } else for (const width of WIDTHS) targets.push({ template, path, width });
  }
  // 1. Lighthouse, one run at a time and nothing beside it: its performance score reads the page's own CPU time.
  // Lighthouse refuses to audit a page that answers 404, as the 404 template does on purpose. Performance under
  // throttling moves with the machine's load (other builds and tests): a page that misses the budget is measured once
  // more and keeps the better run, marked in the table. Other categories never retry.
  const scored: Pick<Row, 'scores' | 'retried'>[] = [];
  for (const { template, path, width } of targets) {
    // The picture article's mobile run also reads its layout shift and largest paint (the image page below).
    const pictures = template === 'blog article' && width === IMAGE_WIDTH && path === `/blog/${PICTURE_ARTICLE_SLUG}/`;
    const run = () => (pictures ? lighthouse(`${siteUrl}${path}`, width, true) : lighthouse(`${siteUrl}${path}`, width));
    let scores: Awaited<ReturnType<typeof run>> | undefined = template === '404' ? undefined : await run();
    let retried = false;
    if (scores && scores.performance < BUDGET.performance) {
      const again = await run();
      retried = true;
      if (again.performance > scores.performance) scores = { ...again, ...scores, performance: again.performance };
    }
    if (pictures && scores && 'images' in scores)
      imageRows.push({
        page: 'company blog article',
        url: `${siteUrl}${path}`,
        performance: scores.performance,
        images: scores.images as ImageFindings,
      });
    scored.push({ scores, retried });
    console.log(`  Lighthouse: ${path} at ${width} px`);
  }
  const problems = robotsProblems(await (await fetch(`${siteUrl}/robots.txt`)).text());
  if (problems.length) {
    failed = true;
    console.log(`robots.txt: ${problems.join('; ')} ✗`);
  }
  // 2. The checks that time nothing, PAGE_CHECKS pages at a time, with the Astro example's build beside them (it reads
  // this origin); then its page's Lighthouse run, alone again.
  const work = wanted('astro example article') ? mkdtempSync(join(tmpdir(), 'skribra-audit-example-')) : undefined;
  const built = work ? exampleBuild(work) : undefined;
  built?.catch(() => {}); // awaited below
  const checked: Awaited<ReturnType<typeof pageChecks>>[] = [];
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const i = next++;
      checked[i] = await pageChecks(targets[i]!);
    }
  };
  try {
    await Promise.all(Array.from({ length: PAGE_CHECKS }, worker));
    if (work) {
      await built;
      await exampleAudit(work);
    }
  } finally {
    if (work) rmSync(work, { recursive: true, force: true });
  }
  targets.forEach((t, i) => rows.push({ ...t, ...scored[i]!, ...checked[i]! }));
} finally {
  await browser.close();
  await server.close();
  await cleanup();
}

const cell = (c: Category, v: number | undefined) => {
  if (v === undefined) return 'n/a';
  const ok = v >= BUDGET[c];
  if (!ok) failed = true;
  return `${v}${ok ? '' : ' ✗'}`;
};
const header = [
  'template',
  'path',
  'width',
  'performance',
  'accessibility',
  'best practices',
  'SEO',
  'JS (KB)',
  'overflow',
  'axe moderate+',
];
const body = rows.map((r) => {
  if (r.axe.length || r.overflow > 0) failed = true;
  return [
    r.template,
    r.path,
    `${r.width}`,
    `${cell('performance', r.scores?.performance)}${r.retried ? ' (2nd run)' : ''}`,
    cell('accessibility', r.scores?.accessibility),
    cell('best-practices', r.scores?.['best-practices']),
    cell('seo', r.scores?.seo),
    r.jsKb.toFixed(1),
    r.overflow > 0 ? `${r.overflow} px ✗` : 'none',
    r.axe.length ? `${r.axe.join('; ')} ✗` : '0',
  ];
});
const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
const line = (cols: string[]) => `| ${cols.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${body.map(line).join('\n')}`);
console.log(
  `\nbudgets: performance >= ${BUDGET.performance}, accessibility >= ${BUDGET.accessibility}, best practices >= ${BUDGET['best-practices']}, SEO ${BUDGET.seo}, no horizontal overflow, no axe finding of moderate impact or worse`,
);
console.log(
  `Lighthouse: desktop preset at 1280 px, mobile emulation at 390 px (not run on the 404 page, which it refuses); a performance score under budget is measured a second time ("2nd run": the better of two); screenshots in ${shotsDir}`,
);
// The image pages: no layout shift, the largest paint not lazy-loaded (and an image: the cover), performance in budget.
if (imageRows.length) {
  const head = ['image page (390 px)', 'performance', 'CLS', 'LCP image lazy', 'LCP element'];
  const lines = imageRows.map((r) => {
    const bad = r.performance < BUDGET.performance || r.images.cls !== 0 || r.images.lcpLazy !== false;
    if (bad) failed = true;
    return [
      r.page,
      `${r.performance}${r.performance < BUDGET.performance ? ' ✗' : ''}`,
      `${r.images.cls}${r.images.cls !== 0 ? ' ✗' : ''}`,
      r.images.lcpLazy === undefined ? 'no image ✗' : r.images.lcpLazy ? 'yes ✗' : 'no',
      r.images.lcpElement.replace(/\s+/g, ' ').slice(0, 90),
    ];
  });
  const w = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cols: string[]) => `| ${cols.map((c, i) => c.padEnd(w[i]!)).join(' | ')} |`;
  console.log(`\n${row(head)}\n|${w.map((n) => '-'.repeat(n + 2)).join('|')}|\n${lines.map(row).join('\n')}`);
  console.log(
    `image pages: the article with a 1,600 px cover and three pictures, on the company blog and in the Astro example (${imageRows.map((r) => r.url).join(', ')}); budgets: performance >= ${BUDGET.performance}, CLS 0, the largest paint an image that is not lazy-loaded`,
  );
}
console.log(`${failed ? 'FAILED' : 'passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
