#!/usr/bin/env node
// `npm run audit:site`: every page template, served by the real local origin from a fresh seeded build, at 1280 px
// (Lighthouse desktop preset) and 390 px (Playwright and Lighthouse's mobile emulation at 390 × 844). It fails on
// any horizontal overflow, any axe finding of moderate impact or worse, Lighthouse SEO below 100 or any other category
// below 95. It states the JavaScript each page loads, writes a full-page screenshot of every page at both widths to
// audit-screenshots/ (gitignored) and prints a markdown table. One Chromium serves the whole run: every Lighthouse run,
// one at a time, then Playwright's pages for the checks that time nothing, a few at a time (scripts/audit/).
// Env: CHROMIUM_PATH, SKRIBRA_BROWSER=bundled (see src/dev/chromium.ts), AUDIT_PORT (default: a free port),
// AUDIT_SCREENSHOTS (default: audit-screenshots), AUDIT_ONLY (comma-separated template names, to audit a few).
import { readFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { createLocalOrigin } from '../src/origin/local-origin.ts';
import { readConfig } from '../src/config.ts';
import { listen } from '../src/origin/serve.ts';
import { buildSeededSite } from '../src/dev/seeded-site.ts';
import { freePort } from '../src/store/free-port.ts';
import { launchAuditBrowser } from './audit/launch-audit-browser.ts';
import { lighthouseScores } from './audit/lighthouse-scores.ts';
import { COLLECTIONS } from '../src/catalog/collections.ts';
import type { Catalog } from '../src/catalog/catalog.ts';

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
function templates(catalog: Catalog, distDir: string): [string, string | undefined][] {
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
  // The blog comes from the store; the seeded build has its index, a second index page and articles.
  if (existsSync(join(distDir, 'blog/index.html'))) {
    list.push(['blog index', '/blog/']);
    if (existsSync(join(distDir, 'blog/page/2/index.html'))) list.push(['blog index page 2', '/blog/page/2/']);
    list.push([
      'blog article',
      /href="(\/blog\/(?!page\/|rss)[^"/]+\/)"/.exec(readFileSync(join(distDir, 'blog/index.html'), 'utf8'))?.[1],
    ]);
  }
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
const { distDir, cleanup } = await buildSeededSite(config, siteUrl, 'audit');
const { handler: origin, catalog } = createLocalOrigin({ distDir, config });
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
    let scores = template === '404' ? undefined : await lighthouse(`${siteUrl}${path}`, width);
    let retried = false;
    if (scores && scores.performance < BUDGET.performance) {
      const again = await lighthouse(`${siteUrl}${path}`, width);
      retried = true;
      if (again.performance > scores.performance) scores = { ...scores, performance: again.performance };
    }
    scored.push({ scores, retried });
    console.log(`  Lighthouse: ${path} at ${width} px`);
  }
  const problems = robotsProblems(await (await fetch(`${siteUrl}/robots.txt`)).text());
  if (problems.length) {
    failed = true;
    console.log(`robots.txt: ${problems.join('; ')} ✗`);
  }
  // 2. The checks that time nothing, PAGE_CHECKS pages at a time.
  const checked: Awaited<ReturnType<typeof pageChecks>>[] = [];
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const i = next++;
      checked[i] = await pageChecks(targets[i]!);
    }
  };
  await Promise.all(Array.from({ length: PAGE_CHECKS }, worker));
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
console.log(`${failed ? 'FAILED' : 'passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
