// loadCatalog's `isolate` (npm run dev): a file with a problem is left out and listed under its page's path, the
// rest loads as usual; a problem in a file every page reads still throws, with every problem.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentError } from '../../src/model/catalog/content-error.ts';
import { loadCatalog, pageOfFile } from '../../src/model/catalog/load-catalog.ts';

const FIXTURE = resolve(import.meta.dirname, '../fixtures/content-minimal');
const SITE = 'https://skribra.test';
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const copyWith = (edits: Record<string, (text: string) => string>) => {
  dir = mkdtempSync(join(tmpdir(), 'skribra-isolate-'));
  cpSync(FIXTURE, dir, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) writeFileSync(join(dir, file), edit(readFileSync(join(dir, file), 'utf8')));
  return dir;
};

describe('loadCatalog with isolate', () => {
  it('leaves out the entries whose files have problems, by page, and loads the rest', () => {
    copyWith({
      'glossary/noindex.md': (t) => t.replace(/^updated: .*$/m, 'updated: 2026-13-45'),
      'tools/word-counter.md': (t) => t.replace('runs_on: browser', 'runs_on: cloud'),
      'pages/index.md': (t) => t.replace('kind: page', 'kind: Page'),
    });
    const { catalog, broken, bodies } = loadCatalog(dir, SITE, 'dev', { isolate: true });
    expect([...broken!.keys()]).toEqual(['/glossary/noindex/', '/', '/tools/word-counter/']);
    expect(broken!.get('/glossary/noindex/')!.map((p) => `${p.line}:${p.column}: ${p.field}: ${p.message}`)).toEqual([
      '10:1: updated: must be a date YYYY-MM-DD (expected e.g. 2026-01-31)',
    ]);
    expect(catalog.terms.map((t) => t.slug)).toEqual(['canonical-url']);
    expect(catalog.categories[0]!.term_count).toBe(1);
    expect(catalog.tools).toEqual([]);
    expect(catalog.pages.map((p) => p.path)).not.toContain('/');
    expect(catalog.pages.map((p) => p.path)).toContain('/glossary/canonical-url/');
    expect(bodies.has('/glossary/noindex/')).toBe(false);
    // A reference to the left-out term still resolves: its page shows the problem, not a broken link.
    expect(catalog.terms[0]!.sections![0]!.content).toContain(`](${SITE}/glossary/noindex/)`);
  });

  it('without problems it is the same catalog as without isolate', () => {
    dir = mkdtempSync(join(tmpdir(), 'skribra-isolate-'));
    expect(loadCatalog(FIXTURE, SITE, 'dev', { isolate: true })).toEqual(loadCatalog(FIXTURE, SITE));
  });

  it('a problem in a YAML file still throws, with every problem', () => {
    copyWith({
      'pricing.yaml': (t) => `${t.trimEnd()}\ncurrency_symbol: 1\n`,
      'glossary/noindex.md': (t) => t.replace(/^updated: .*$/m, 'updated: 2026-13-45'),
    });
    let err: unknown;
    try {
      loadCatalog(dir, SITE, 'dev', { isolate: true });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ContentError);
    expect((err as ContentError).problems.map((p) => p.field)).toEqual(['updated', 'currency_symbol']);
    expect((err as ContentError).loc).toEqual({ file: join(dir, 'glossary/noindex.md'), line: 10, column: 1 });
    expect((err as ContentError).stack).toBe('');
  });

  it('names the page each content file makes', () => {
    dir = mkdtempSync(join(tmpdir(), 'skribra-isolate-'));
    expect(pageOfFile('content', 'content/glossary/seo.md')).toBe('/glossary/seo/');
    expect(pageOfFile('content', 'content/comparisons/a-vs-b.md')).toBe('/compare/a-vs-b/');
    expect(pageOfFile('content', 'content/pages/docs/index.md')).toBe('/docs/');
    expect(pageOfFile('content', 'content/pages/index.md')).toBe('/');
    expect(pageOfFile('content', 'content/pricing.yaml')).toBeUndefined();
    expect(pageOfFile('content', 'content/unknown/x.md')).toBeUndefined();
  });
});
