import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from '../helpers/built-site.ts';
import { runNetlifyCheck, type NetlifyCheckResult } from '../../scripts/netlify/run-check.ts';
import type { Probe } from '../../scripts/netlify/request-matrix.ts';

// The Netlify check can fail: the same markdown requests, once with the real edge function and once with a copy that
// answers another content type, and only the copy is reported. Runs on the suite's build (no store), markdown only.
const root = resolve(import.meta.dirname, '../..');
const markdownOnly = (p: Probe) => p.group === 'markdown';
let dir: string;
let baseline: NetlifyCheckResult;
let changed: NetlifyCheckResult;

/** netlify/edge-functions/markdown.ts with absolute imports, its answers relabelled text/plain. */
function changedMarkdownFunction(): string {
  const source = readFileSync(join(root, 'netlify/edge-functions/markdown.ts'), 'utf8')
    .replaceAll("'../../", `'${pathToFileURL(root).href}/`)
    .replace('export default async (', 'const original = async (');
  const file = join(dir, 'markdown.ts');
  writeFileSync(
    file,
    `${source}
export default async (req: Request, context: Context) => {
  const res = await original(req, context);
  res?.headers.set('content-type', 'text/plain; charset=utf-8');
  return res;
};
`,
  );
  return file;
}

beforeAll(async () => {
  const { distDir, siteUrl } = await builtSite();
  dir = mkdtempSync(join(tmpdir(), 'skribra-netlify-check-test-'));
  baseline = await runNetlifyCheck({ distDir, siteUrl, filter: markdownOnly });
  changed = await runNetlifyCheck({ distDir, siteUrl, filter: markdownOnly, edgeFunctions: { markdown: changedMarkdownFunction() } });
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the Netlify check', () => {
  const typeMismatches = (r: NetlifyCheckResult) => r.mismatches.filter((m) => m.field === 'content-type');

  it('runs the markdown probes through the edge function in Deno and agrees on their content type', () => {
    expect(baseline.probes).toBeGreaterThan(15);
    expect(typeMismatches(baseline)).toEqual([]);
  });

  it('reports an edge function that answers another content type, on the requests it answers', () => {
    const reported = typeMismatches(changed);
    expect(reported.map((m) => m.netlify)).toEqual(reported.map(() => 'text/plain;charset=utf-8'));
    const paths = reported.map((m) => `${m.probe.method} ${m.probe.path} ${m.probe.headers?.accept ?? ''}`.trim());
    expect(paths).toContain('GET /index.md');
    expect(paths).toContain('GET /glossary/ text/markdown');
    expect(paths).toContain('GET /nope.md');
    // Requests the edge function passes on (HTML, a .txt file) are still equal.
    expect(paths.some((p) => p.includes('text/markdown;q=0.5'))).toBe(false);
    expect(paths.some((p) => p.startsWith('GET /llms.txt'))).toBe(false);
  });
});
