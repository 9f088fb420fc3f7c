// Content Signals (contentsignals.org): content/content-signals.yaml is stated in robots.txt for every user agent
// group (under the policy's text, the AI crawlers still named and allowed) and in the Content-Signal header of every
// markdown answer of the local origin. The edge function's answers are held against these by `npm run check:netlify`
// (scripts/netlify/compare-answers.ts compares the header).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import robotsParser from 'robots-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/model/catalog/load-catalog.ts';
import { ContentError } from '../../src/model/catalog/content-error.ts';
import { CONTENT_SIGNAL_FILE, contentSignalOf, markdownResponse } from '../../src/model/core/negotiate.ts';
import { DATA_SECURITY } from '../../src/model/core/security-headers.ts';
import { AI_CRAWLERS, contentSignalValue, robotsTxt } from '../../src/request/machine/robots-txt.ts';
import { ContentSignals, CONTENT_SIGNALS_FILE, DEFAULT_CONTENT_SIGNALS } from '../../src/model/schemas/content-signals.ts';
import { BROWSER_ACCEPT, siteOrigin } from './site-origin.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const temp: string[] = [];
afterAll(() => {
  for (const d of temp) rmSync(d, { recursive: true, force: true });
});

/** robots.txt's groups: each run of User-agent lines with the rules under it, up to the next User-agent line. */
function groups(text: string): { agents: string[]; rules: string[] }[] {
  const out: { agents: string[]; rules: string[] }[] = [];
  let inAgents = false;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) continue;
    const [name, ...rest] = line.split(':');
    const field = name!.trim().toLowerCase();
    const value = rest.join(':').trim();
    if (field === 'user-agent') {
      if (!inAgents) out.push({ agents: [], rules: [] });
      out.at(-1)!.agents.push(value);
      inAgents = true;
    } else if (field !== 'sitemap') {
      inAgents = false;
      out.at(-1)?.rules.push(`${field}: ${value}`);
    }
  }
  return out;
}

describe('content/content-signals.yaml', () => {
  it('holds the defaults today, and the schema refuses what is not yes or no, an unknown signal and an empty file', () => {
    const file = readFileSync(join(ROOT, 'content', CONTENT_SIGNALS_FILE), 'utf8');
    expect(loadCatalog(join(ROOT, 'content'), 'https://skribra.test').signals).toEqual(DEFAULT_CONTENT_SIGNALS);
    expect(file).toMatch(/^search: yes$/m);
    expect(ContentSignals.safeParse({ 'ai-train': true }).success).toBe(false);
    expect(ContentSignals.safeParse({ 'ai-trian': 'no' }).success).toBe(false);
    expect(ContentSignals.safeParse({}).success).toBe(false);
    expect(ContentSignals.parse({ 'ai-train': 'no' })).toEqual({ 'ai-train': 'no' });
  });

  it('the example in content/README.md is valid', () => {
    const readme = readFileSync(join(ROOT, 'content', 'README.md'), 'utf8');
    const example = /```yaml\n# content-signals\.yaml\n([\s\S]*?)```/.exec(readme)![1]!;
    expect(
      ContentSignals.parse(
        Object.fromEntries(
          example
            .trim()
            .split('\n')
            .map((l) => l.split(': ')),
        ),
      ),
    ).toEqual(DEFAULT_CONTENT_SIGNALS);
  });

  it('is checked with the rest of the content: a bad value is a problem with its file, line and field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skribra-signals-'));
    temp.push(dir);
    cpSync(join(ROOT, 'tests/fixtures/content-minimal'), dir, { recursive: true });
    // Without the file, the defaults.
    expect(loadCatalog(dir, 'https://skribra.test').signals).toEqual(DEFAULT_CONTENT_SIGNALS);
    writeFileSync(join(dir, CONTENT_SIGNALS_FILE), 'search: yes\nai-train: maybe\n');
    let err: unknown;
    try {
      loadCatalog(dir, 'https://skribra.test');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ContentError);
    expect((err as Error).message).toMatch(/content-signals\.yaml:2:\d+: ai-train: must be yes or no/);
    // A signal left out is left out: it grants nothing and denies nothing.
    writeFileSync(join(dir, CONTENT_SIGNALS_FILE), 'search: yes\nai-train: "no"\n');
    const { signals } = loadCatalog(dir, 'https://skribra.test');
    expect(contentSignalValue(signals)).toBe('search=yes, ai-train=no');
    expect(robotsTxt('https://skribra.test', undefined, signals)).toContain('\nContent-Signal: search=yes, ai-train=no\n');
  });
});

describe('robots.txt', () => {
  let site: Awaited<ReturnType<typeof siteOrigin>>;
  beforeAll(async () => {
    site = await siteOrigin();
  });

  it('a robots.txt parser accepts it: everyone, AI crawlers included, may crawl pages; nobody the build artifacts', async () => {
    const { status, text } = await site.get('/robots.txt');
    expect(status).toBe(200);
    const robots = robotsParser(`${site.siteUrl}/robots.txt`, text);
    const page = site.catalog.terms[0]!.url;
    for (const agent of ['Googlebot', 'Bingbot', 'SomeNewBot/1.0', ...AI_CRAWLERS]) {
      expect(robots.isAllowed(page, agent), agent).toBe(true);
      expect(robots.isAllowed(`${site.siteUrl}/`, agent), agent).toBe(true);
      expect(robots.isDisallowed(`${site.siteUrl}/_skribra/catalog-core.json`, agent), agent).toBe(true);
    }
    expect(robots.getSitemaps()).toEqual([`${site.siteUrl}/sitemap.xml`]);
  });

  it("every user agent group carries one Content-Signal line with the content folder's values; the AI crawlers are named", async () => {
    const { text } = await site.get('/robots.txt');
    const expected = `content-signal: ${contentSignalValue(loadCatalog(join(ROOT, 'content'), site.siteUrl).signals)}`;
    expect(expected).toBe('content-signal: search=yes, ai-input=yes, ai-train=no');
    const all = groups(text);
    expect(all.length).toBe(2);
    expect(all.flatMap((g) => g.agents)).toEqual(['*', ...AI_CRAWLERS]);
    for (const g of all) expect(g.rules.filter((r) => r.startsWith('content-signal:'))).toEqual([expected]);
    expect(text.match(/^Content-Signal: /gm)).toHaveLength(2);
  });

  it('states the Content Signals Policy above the groups, as comments', async () => {
    const { text } = await site.get('/robots.txt');
    const head = text.slice(0, text.indexOf('\nUser-agent:'));
    expect(head.split('\n').every((l) => l === '' || l.startsWith('#'))).toBe(true);
    for (const phrase of [
      'you agree to abide by the following content signals',
      'If a content-signal = yes',
      'If a content-signal = no',
      'neither grants nor restricts permission',
      'search: building a search index',
      'ai-input: inputting content into one or more AI models',
      'ai-train: training or fine-tuning AI models',
      'ARTICLE 4 OF THE',
    ])
      expect(head).toContain(phrase);
  });
});

describe('markdown answers carry the Content-Signal header', () => {
  let site: Awaited<ReturnType<typeof siteOrigin>>;
  let signal: string;
  beforeAll(async () => {
    site = await siteOrigin();
    signal = contentSignalOf(JSON.parse(readFileSync(join(site.distDir, CONTENT_SIGNAL_FILE), 'utf8')))!;
  });

  it('the build records the same value robots.txt states', async () => {
    expect(signal).toBe('search=yes, ai-input=yes, ai-train=no');
    expect((await site.get('/robots.txt')).text).toContain(`\nContent-Signal: ${signal}\n`);
  });

  it('on twins by suffix, negotiated pages, the markdown 404 and HEAD, with the data security headers; never on HTML', async () => {
    const term = site.catalog.terms[0]!;
    const answers = [
      await site.get(term.markdown_url),
      await site.get(term.url, { accept: 'text/markdown' }),
      await site.get('/', { accept: 'text/markdown' }),
      await site.get('/no/such/page/', { accept: 'text/markdown' }),
      await site.get('/no/such.md'),
      await site.get(term.url, { accept: 'text/markdown' }, 'HEAD'),
    ];
    for (const r of answers) {
      expect(r.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(r.headers.get('content-signal')).toBe(signal);
      for (const [name, value] of Object.entries(DATA_SECURITY)) expect(r.headers.get(name), name).toBe(value);
    }
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 404, 404, 200]);
    const html = await site.get(term.url, { accept: BROWSER_ACCEPT });
    expect(html.headers.get('content-signal')).toBeNull();
  });

  it('markdownResponse (both runtimes) puts the signal on, and the security headers cannot be overridden by it', () => {
    const r = markdownResponse('# Hi\n', 200, 'GET', { signal: 'ai-train=no', headers: { etag: '"x"' } });
    expect(r.headers.get('content-signal')).toBe('ai-train=no');
    expect(r.headers.get('etag')).toBe('"x"');
    expect(r.headers.get('content-security-policy')).toBe(DATA_SECURITY['content-security-policy']);
    expect(markdownResponse('# Hi\n', 404, 'GET').headers.get('content-signal')).toBeNull();
  });
});
