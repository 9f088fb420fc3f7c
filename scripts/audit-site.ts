#!/usr/bin/env node
// `npm run audit:site`: Lighthouse (the `lighthouse` CLI) and axe-core on one page of every template, in the browser
// src/dev/chromium.ts finds (Debian's, CHROMIUM_PATH, or the packaged one), served by the real local origin from a
// fresh build. Prints a table; exits 1 when a page misses a budget.
// Env: CHROMIUM_PATH, SKRIBRA_BROWSER=bundled (see src/dev/chromium.ts), AUDIT_PORT (default: a free port).
import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createLocalOrigin } from '../src/origin/local-origin.ts';
import { listen } from '../src/origin/serve.ts';
import { buildSeededSite } from '../src/dev/seeded-site.ts';
import { freePort } from '../src/dev/free-port.ts';
import { CHROMIUM_ARGS, chromiumBinary, launch } from '../src/dev/chromium.ts';

const BUDGET = { performance: 95, accessibility: 95, 'best-practices': 95, seo: 100 } as const;
type Category = keyof typeof BUDGET;
const root = resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

async function lighthouse(url: string): Promise<Record<Category, number>> {
  const chrome = await chromiumBinary();
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [join(root, 'node_modules/lighthouse/cli/index.js'), url,
      `--chrome-path=${chrome.executablePath}`, `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`, '--output=json', '--output-path=stdout', '--quiet',
      `--only-categories=${Object.keys(BUDGET).join(',')}`], { cwd: root, env: { ...process.env, ...chrome.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    child.on('close', (code) => {
      if (code !== 0) return fail(new Error(`lighthouse failed on ${url} (exit ${code}): ${err.slice(-2000)}`));
      const report = JSON.parse(out) as { categories: Record<Category, { score: number | null }>; runtimeError?: { message: string } };
      if (report.runtimeError) return fail(new Error(`lighthouse on ${url}: ${report.runtimeError.message}`));
      ok(Object.fromEntries(Object.keys(BUDGET).map((c) => [c, Math.round((report.categories[c as Category].score ?? 0) * 100)])) as Record<Category, number>);
    });
  });
}

const started = Date.now();
const port = Number(process.env.AUDIT_PORT) || await freePort();
const siteUrl = `http://127.0.0.1:${port}`;
console.log(`building the site for ${siteUrl}...`);
const { distDir, cleanup } = await buildSeededSite(siteUrl, 'audit');

const { handler: origin, catalog } = createLocalOrigin({ distDir });
const server = await listen(origin, port, '127.0.0.1');

const first = (kind: string) => catalog.pages.find((p) => p.kind === kind)?.path;
const pages: [string, string | undefined][] = [
  ['home', '/'], ['glossary index', '/glossary/'], ['glossary term', first('glossary')], ['tool', '/tools/word-counter/'],
  ['agent', first('agent')], ['feature', first('feature')], ['comparison', first('comparison')], ['pricing', '/pricing/'],
  ['docs page', first('doc')],
];
// The blog arrives with its own pages; audit its first article once the build has one.
if (existsSync(join(distDir, 'blog/index.html'))) {
  const article = /href="(\/blog\/(?!page\/|rss)[^"/]+\/)"/.exec(readFileSync(join(distDir, 'blog/index.html'), 'utf8'))?.[1];
  pages.push(['blog article', article]);
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const browser = await launch();
const rows: { template: string; path: string; scores: Record<Category, number>; axe: string[] }[] = [];
let failed = false;
try {
  for (const [template, path] of pages) {
    if (!path) { console.error(`no page for template "${template}"`); failed = true; continue; }
    const scores = await lighthouse(`${siteUrl}${path}`);
    const page = await browser.newPage();
    await page.goto(`${siteUrl}${path}`, { waitUntil: 'networkidle' });
    await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      const result = await (window as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }).axe.run();
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
    });
    await page.close();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}, ${v.nodes})`);
    const minor = violations.filter((v) => !(v.impact === 'serious' || v.impact === 'critical'));
    if (minor.length) console.log(`  ${path}: minor axe findings: ${minor.map((v) => `${v.id} (${v.impact})`).join(', ')}`);
    rows.push({ template, path, scores, axe: serious });
    console.log(`  audited ${path}`);
  }
} finally {
  await browser.close();
  await server.close();
  await cleanup();
}

const cell = (c: Category, v: number) => { const ok = v >= BUDGET[c]; if (!ok) failed = true; return `${v}${ok ? '' : ' ✗'}`; };
const header = ['template', 'path', 'performance', 'accessibility', 'best practices', 'SEO', 'axe serious/critical'];
const body = rows.map((r) => {
  if (r.axe.length) failed = true;
  return [r.template, r.path, cell('performance', r.scores.performance), cell('accessibility', r.scores.accessibility),
    cell('best-practices', r.scores['best-practices']), cell('seo', r.scores.seo), r.axe.length ? r.axe.join('; ') : '0'];
});
const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
const line = (cols: string[]) => `| ${cols.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${body.map(line).join('\n')}`);
console.log(`\nbudgets: performance >= ${BUDGET.performance}, accessibility >= ${BUDGET.accessibility}, best practices >= ${BUDGET['best-practices']}, SEO ${BUDGET.seo}, no serious or critical axe violations`);
console.log(`${failed ? 'FAILED' : 'passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
