// Every example request in the docs, run against the local origin: each `curl` line of a shell block on every docs
// page (guides and generated API references), with the site's address, the key, the project and the article put in.
// A wrong path, a stale parameter or an endpoint that moved fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, inject } from 'vitest';
import type { Catalog } from '../../src/model/catalog/catalog.ts';
import { DOCS_EXAMPLE_SLUG } from './global-site.ts';
import { builtCatalog } from '../helpers/built-catalog.ts';

const { siteUrl, apiKey, projectId, distDir } = inject('e2e');
const catalog = builtCatalog(distDir) as Catalog;
const docs = catalog.pages.filter((p) => p.kind === 'doc').map((p) => p.path);

interface Example {
  page: string;
  command: string;
  url: string;
  headers: Record<string, string>;
  expect304: boolean;
}

/** The curl commands of a page's shell blocks, as rendered (Shiki spans stripped, continuation lines joined). */
function examples(page: string): Example[] {
  const html = readFileSync(join(distDir, page, 'index.html'), 'utf8');
  return codeBlocks(html, 'bash')
    .flatMap((b) => b.replace(/\\\n\s*/g, ' ').split('\n'))
    .map((l) => l.trim())
    .filter((l) => l.startsWith('curl '))
    .map((command) => {
      const args = [...command.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!).slice(1);
      const headers: Record<string, string> = {};
      let url = '';
      for (let i = 0; i < args.length; i++) {
        if (args[i] === '-H') {
          const [k, ...v] = args[++i]!.split(':');
          headers[k!.trim().toLowerCase()] = v.join(':').trim();
        } else if (!args[i]!.startsWith('-')) url = args[i]!;
      }
      return { page, command, url, headers, expect304: 'if-none-match' in headers };
    });
}

/** The text of a page's code blocks in one language, as rendered (Shiki's spans stripped, entities decoded). */
const codeBlocks = (html: string, lang: string) =>
  [...html.matchAll(new RegExp(`<div class="code-block" data-lang="${lang}"[^>]*>[\\s\\S]*?<pre[^>]*>([\\s\\S]*?)<\\/pre>`, 'g'))].map(
    (m) =>
      m[1]!
        .replace(/<[^>]+>/g, '')
        .replaceAll('&#x27;', "'")
        .replaceAll('&#39;', "'")
        .replaceAll('&quot;', '"')
        .replaceAll('&#x26;', '&')
        .replaceAll('&amp;', '&')
        .replaceAll('&lt;', '<')
        .replaceAll('&#x3C;', '<')
        .replaceAll('&gt;', '>'),
  );

/** The docs' placeholders made real: this site, the e2e account's key and project, the article it holds. */
const localise = (s: string) =>
  s
    .replaceAll('https://skribra.com', siteUrl)
    .replaceAll('$SKRIBRA_API_KEY', apiKey)
    .replaceAll('<API_KEY>', apiKey)
    .replaceAll('prj_8f2c1a', projectId)
    .replaceAll('$SKRIBRA_PROJECT_ID', projectId)
    .replaceAll('$ARTICLE_SLUG', DOCS_EXAMPLE_SLUG);

const all = docs.flatMap(examples);
// JavaScript shown as a language tab beside a curl example is the same request: it runs too (Node's fetch).
const scripts = docs.flatMap((page) =>
  codeBlocks(readFileSync(join(distDir, page, 'index.html'), 'utf8'), 'javascript')
    .filter((code) => code.includes('fetch(') && !code.includes('import '))
    .map((code) => ({ page, code })),
);
const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (...args: unknown[]) => Promise<void>;

describe('docs examples', () => {
  it('finds the examples of every API page, the generated references included', () => {
    const pages = new Set(all.map((e) => e.page));
    for (const p of ['/docs/public-api/', '/docs/content-api/', '/docs/reference/public-api/', '/docs/reference/content-api/'])
      expect(pages, p).toContain(p);
    expect(all.length).toBeGreaterThan(30);
  });

  it('finds the JavaScript beside the curl examples', () => {
    expect(scripts.length).toBeGreaterThanOrEqual(3);
  });

  it.each(
    scripts.map(
      (s) =>
        [
          `${s.page} ${s.code
            .split('\n')
            .find((l) => l.includes('fetch('))!
            .trim()}`,
          s,
        ] as const,
    ),
  )('%s (JavaScript)', async (_, s) => {
    const logged: unknown[] = [];
    const run = new AsyncFunction('process', 'console', localise(s.code));
    await run({ env: { SKRIBRA_API_KEY: apiKey } }, { log: (...a: unknown[]) => logged.push(a) });
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).not.toMatch(/undefined/);
  });

  it.each(all.map((e) => [`${e.page} ${e.command}`, e] as const))('%s', async (_, e) => {
    const headers = Object.fromEntries(Object.entries(e.headers).map(([k, v]) => [k, localise(v)]));
    if (e.expect304) {
      // The docs show a conditional request with an example ETag; make it the real one, as a client would.
      delete headers['if-none-match'];
      const first = await fetch(localise(e.url), { headers });
      expect(first.status, e.command).toBe(200);
      headers['if-none-match'] = first.headers.get('etag')!;
    }
    const res = await fetch(localise(e.url), { headers });
    if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
      // A change stream stays open: read it until it is caught up, as the docs' `curl -N` shows, then hang up.
      expect(res.status, e.command).toBe(200);
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let seen = '';
      while (!seen.includes('event: ready')) {
        const { value, done } = await reader.read();
        if (done) break;
        seen += value;
      }
      await reader.cancel();
      expect(seen, e.command).toContain('event: ready');
      return;
    }
    const body = await res.text();
    expect(res.status, `${e.command}\n${body.slice(0, 300)}`).toBe(e.expect304 ? 304 : 200);
    if (!e.expect304 && res.headers.get('content-type')?.includes('json')) expect(JSON.parse(body)).toHaveProperty('data');
  });
});
