import { cpSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/model/catalog/load-catalog.ts';
import { ContentError } from '../../src/model/catalog/content-error.ts';

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
  try {
    loadCatalog(contentDir, SITE);
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected the content to be refused');
};
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('loadCatalog on valid content', () => {
  const { catalog, bodies } = loadCatalog(FIXTURE, `${SITE}/`);

  // A title referenced mid-sentence is lowered ("Noindex" reads "noindex"); an explicit text is kept as written.
  it('serialises terms with absolute URLs and resolved cross-references', () => {
    const term = catalog.terms.find((t) => t.slug === 'canonical-url')!;
    expect(term.url).toBe('https://skribra.test/glossary/canonical-url/');
    expect(term.markdown_url).toBe('https://skribra.test/glossary/canonical-url.md');
    expect(term.updated).toBe('2026-10-02');
    expect(term.sections!.map((s) => s.heading)).toEqual(['What it is', 'How to set it']);
    expect(term.sections![0]!.content).toBe(
      'A canonical URL works with [noindex](https://skribra.test/glossary/noindex/) and [the noindex rule](https://skribra.test/glossary/noindex/); see [pricing](https://skribra.test/pricing/).',
    );
    expect(term.sections![1]!.content).toContain('## not a heading inside code');
  });

  it('lists every page once with its kind', () => {
    expect(catalog.pages.map((p) => `${p.kind} ${p.path}`)).toEqual([
      'page /',
      'glossary-category /glossary/categories/technical-seo/',
      'glossary /glossary/canonical-url/',
      'glossary /glossary/noindex/',
      'tool /tools/word-counter/',
      'agent /agents/quill/',
      'feature /features/content-api/',
      'comparison /compare/skribra-vs-example/',
    ]);
    expect(catalog.categories[0]).toMatchObject({ slug: 'technical-seo', term_count: 2 });
    expect(bodies.get('/')).toBe('Welcome.');
  });
});

describe('a bad content file fails with the file, the line, the field and the reason', () => {
  it.each([
    [
      'glossary/noindex.md',
      (t: string) => t.replace(/^definition: .*$/m, 'definition: Two sentences. Not one.'),
      /glossary[/\\]noindex\.md:3:1: definition: must be one sentence \(a second one starts "Not one\."\)$/m,
    ],
    [
      'glossary/noindex.md',
      (t: string) => t.replace(/^definition: .*$/m, 'definition: Two sentences. Not one'),
      /noindex\.md:3:1: definition: must be one sentence ending with a full stop$/m,
    ],
    [
      'glossary/noindex.md',
      (t: string) => t.replace('category: technical-seo', 'category: nope'),
      /noindex\.md:5:1: category: unknown category "nope"$/m,
    ],
    [
      'glossary/noindex.md',
      (t: string) => t.replace('category: technical-seo', 'category: technical-seoo'),
      /noindex\.md:5:1: category: unknown category "technical-seoo" \(did you mean "technical-seo"\?\)$/m,
    ],
    [
      'glossary/noindex.md',
      (t: string) => t.replace('[[canonical-url]]', '[[no-such-term]]'),
      /noindex\.md:13:19: body: unknown glossary reference \[\[no-such-term\]\] \(no such term in glossary\/\)$/m,
    ],
    [
      'glossary/noindex.md',
      (t: string) => t.replace('[[canonical-url]]', '[[canonical-urll]]'),
      /noindex\.md:13:19: body: unknown glossary reference \[\[canonical-urll\]\] \(did you mean \[\[canonical-url\]\]\?\)$/m,
    ],
    [
      'glossary/noindex.md',
      (t: string) => t.replace(/^updated: .*$/m, 'updated: yesterday'),
      /noindex\.md:10:1: updated: must be a date YYYY-MM-DD \(expected e\.g\. 2026-01-31\)$/m,
    ],
    [
      'glossary/noindex.md',
      (t: string) => t.replace(/^updated: .*\n/m, ''),
      /noindex\.md:10:1: updated: is required \(expected a date YYYY-MM-DD, e\.g\. 2026-01-31\)$/m,
    ],
    [
      'glossary/noindex.md',
      (t: string) => t.replace('## When to use it\nThin pages.', ''),
      /noindex\.md:12:1: body: has 1 "## " section \(expected 2 to 4\)$/m,
    ],
    [
      'tools/word-counter.md',
      (t: string) => t.replace('runs_on: browser', 'runs_on: cloud'),
      /word-counter\.md:\d+:1: runs_on: must be one of browser, server$/m,
    ],
    [
      'agents/quill.md',
      (t: string) => t.replace('cadence: Daily\n', 'cadence: Daily\ncolour: blue\n'),
      /quill\.md:\d+:1: colour: is not a known field \(expected one of name, tagline, one_liner, kind, signal, action, cadence, how\)$/m,
    ],
    [
      'agents/quill.md',
      (t: string) => t.replace('cadence: Daily\n', 'cadence: Daily\ncadense: x\n'),
      /quill\.md:\d+:1: cadense: is not a known field \(did you mean "cadence"\?\)$/m,
    ],
    ['pricing.yaml', (t: string) => t.replace('currency: USD', 'currency: EUR'), /pricing\.yaml:1:1: currency: must be USD$/m],
    [
      'comparisons/skribra-vs-example.md',
      (t: string) => t.replace('title: Skribra vs Example', 'title: [broken'),
      /skribra-vs-example\.md:\d+:\d+: frontmatter: is not valid YAML/,
    ],
  ])('%s', (file, edit, message) => {
    const err = failure(contentWith(file, edit));
    expect(err).toBeInstanceOf(ContentError);
    expect(err.message).toMatch(message);
    // One problem, then the count: nothing else, no stack.
    expect(err.message.split('\n')).toHaveLength(2);
    expect(err.message.split('\n')[1]).toBe('1 content problem in 1 file');
  });
});
