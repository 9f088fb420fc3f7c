import { cpSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/catalog/load-catalog.ts';
import { ContentError } from '../../src/catalog/content-error.ts';

const FIXTURE = join(import.meta.dirname, '../fixtures/content-minimal');
const SITE = 'https://skribra.test';
let dir: string | undefined;

/** A copy of the minimal content with one file replaced, so each case breaks exactly one thing. */
function contentWith(file: string, edit: (text: string) => string): string {
  dir = mkdtempSync(join(tmpdir(), 'skribra-content-'));
  cpSync(FIXTURE, dir, { recursive: true });
  writeFileSync(join(dir, file), edit(readFileSync(join(dir, file), 'utf8')));
  return dir;
}
const failure = (contentDir: string) => {
  try { loadCatalog(contentDir, SITE); } catch (err) { return err as Error; }
  throw new Error('expected the content to be refused');
};
afterEach(() => { if (dir) rmSync(dir, { recursive: true, force: true }); dir = undefined; });

describe('loadCatalog on valid content', () => {
  const { catalog, bodies } = loadCatalog(FIXTURE, `${SITE}/`);

  it('serialises terms with absolute URLs and resolved cross-references', () => {
    const term = catalog.terms.find((t) => t.slug === 'canonical-url')!;
    expect(term.url).toBe('https://skribra.test/glossary/canonical-url/');
    expect(term.markdown_url).toBe('https://skribra.test/glossary/canonical-url.md');
    expect(term.updated).toBe('2026-10-02');
    expect(term.sections!.map((s) => s.heading)).toEqual(['What it is', 'How to set it']);
    expect(term.sections![0]!.content).toBe('A canonical URL works with [Noindex](https://skribra.test/glossary/noindex/) and [the noindex rule](https://skribra.test/glossary/noindex/); see [pricing](https://skribra.test/pricing/).');
    expect(term.sections![1]!.content).toContain('## not a heading inside code');
  });

  it('lists every page once with its kind', () => {
    expect(catalog.pages.map((p) => `${p.kind} ${p.path}`)).toEqual([
      'page /', 'glossary-category /glossary/categories/technical-seo/', 'glossary /glossary/canonical-url/', 'glossary /glossary/noindex/',
      'tool /tools/word-counter/', 'agent /agents/quill/', 'feature /features/content-api/', 'comparison /compare/skribra-vs-example/',
    ]);
    expect(catalog.categories[0]).toMatchObject({ slug: 'technical-seo', term_count: 2 });
    expect(bodies.get('/')).toBe('Welcome.');
  });
});

describe('a bad content file fails with the file, the field and the reason', () => {
  it.each([
    ['glossary/noindex.md', (t: string) => t.replace(/^definition: .*$/m, 'definition: Two sentences. Not one'), /glossary[/\\]noindex\.md: field "definition": must be one sentence/],
    ['glossary/noindex.md', (t: string) => t.replace('category: technical-seo', 'category: nope'), /noindex\.md: field "category": unknown category "nope"/],
    ['glossary/noindex.md', (t: string) => t.replace('[[canonical-url]]', '[[no-such-term]]'), /noindex\.md: unknown glossary reference \[\[no-such-term\]\]/],
    ['glossary/noindex.md', (t: string) => t.replace(/^updated: .*$/m, 'updated: yesterday'), /noindex\.md: field "updated"/],
    ['glossary/noindex.md', (t: string) => t.replace('## When to use it\nThin pages.', ''), /noindex\.md: body: needs 2 to 4 "## " sections, found 1/],
    ['tools/word-counter.md', (t: string) => t.replace('runs_on: browser', 'runs_on: cloud'), /word-counter\.md: field "runs_on": .*browser.*server/],
    ['agents/quill.md', (t: string) => t.replace('cadence: Daily\n', 'cadence: Daily\ncolour: blue\n'), /quill\.md: field "\(file\)": unknown field\(s\) colour/],
    ['pricing.yaml', (t: string) => t.replace('currency: USD', 'currency: EUR'), /pricing\.yaml: field "currency"/],
    ['comparisons/skribra-vs-example.md', (t: string) => t.replace('title: Skribra vs Example', 'title: [broken'), /skribra-vs-example\.md: frontmatter is not valid YAML/],
  ])('%s', (file, edit, message) => {
    const err = failure(contentWith(file, edit));
    expect(err).toBeInstanceOf(ContentError);
    expect(err.message).toMatch(message);
  });
});
