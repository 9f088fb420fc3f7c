// `npm run new -- <collection> <slug>`: a new entry of each collection that `npm run check:content` refuses for its TODO
// placeholders only, and accepts once they are written; and one line (nothing written) for a file that exists, an
// unknown collection, a bad slug or a misspelt option.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAFFOLDS, scaffoldText } from '../../src/model/catalog/scaffolds.ts';
import { loadCatalog } from '../../src/model/catalog/load-catalog.ts';
import { COLLECTIONS } from '../../src/model/catalog/collections.ts';
import { ContentError } from '../../src/model/catalog/content-error.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURE = join(ROOT, 'tests/fixtures/content-minimal');
let dir: string;

const run = (script: string, args: string[] = []) =>
  spawnSync(process.execPath, [script, ...args], { cwd: ROOT, env: { ...process.env, SKRIBRA_CONTENT_DIR: dir }, encoding: 'utf8' });
const newEntry = (...args: string[]) => run('scripts/new-entry.ts', args);
const checkContent = () => run('scripts/check-content.ts');
/** The checker's problem lines that are not about a TODO placeholder `npm run new` left. */
const otherThanPlaceholders = (stderr: string) =>
  stderr.split('\n').filter((l) => /^\S+:\d+:\d+: /.test(l) && !/placeholder "TODO.*" left by npm run new \(write/.test(l));
/** The entry with every TODO written, as an editor would. */
const written = (file: string) => writeFileSync(file, readFileSync(file, 'utf8').replace(/\bTODO\b/g, 'Written'));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'skribra-new-entry-'));
  cpSync(FIXTURE, dir, { recursive: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run new', () => {
  it('knows the glossary, every declared collection and the site pages', () => {
    expect(SCAFFOLDS.map((s) => s.name)).toEqual(['glossary', ...COLLECTIONS.map((c) => c.key), 'pages']);
  });

  const cases: [name: string, slug: string, path: string][] = [
    ['glossary', 'xml-sitemap', '/glossary/xml-sitemap/'],
    ['tools', 'title-checker', '/tools/title-checker/'],
    ['agents', 'scout', '/agents/scout/'],
    ['features', 'bulk-edit', '/features/bulk-edit/'],
    ['comparisons', 'skribra-vs-example-two', '/compare/skribra-vs-example-two/'],
    ['integrations', 'ghost', '/integrations/ghost/'],
    ['page', 'docs/new-page', '/docs/new-page/'],
  ];
  it.each(cases)('%s %s: writes an entry that check:content refuses for its TODOs only, then accepts', (name, slug, path) => {
    const folder = SCAFFOLDS.find((s) => s.name === name || s.aliases.includes(name))!.folder;
    const file = join(dir, folder, `${slug}.md`);
    const r = newEntry(name, slug);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`wrote ${file}: replace every TODO, then npm run check:content (npm run dev shows it at ${path})\n`);
    expect(readFileSync(file, 'utf8')).toMatch(/^---\n[\s\S]*TODO[\s\S]*\n---\n/);
    const check = checkContent();
    expect(check.status).toBe(1);
    expect(check.stderr).toContain(`${file}:`);
    expect(otherThanPlaceholders(check.stderr)).toEqual([]);
    written(file);
    const again = checkContent();
    expect(again.stderr).toBe('');
    expect(again.status).toBe(0);
  });

  it('takes a title, and names the term after it', () => {
    const r = newEntry('term', 'hreflang-tag', '--title', 'Hreflang tag');
    expect(r.status).toBe(0);
    expect(readFileSync(join(dir, 'glossary/hreflang-tag.md'), 'utf8')).toContain('\ntitle: Hreflang tag\n');
    written(join(dir, 'glossary/hreflang-tag.md'));
    expect(checkContent().status).toBe(0);
  });

  it('refuses a file that exists (exit 1) and a mistake in the command (exit 2), in one line, writing nothing', () => {
    const before = readFileSync(join(dir, 'glossary/noindex.md'), 'utf8');
    const exists = newEntry('glossary', 'noindex');
    expect([exists.status, exists.stderr]).toEqual([
      1,
      `npm run new: ${dir}/glossary/noindex.md already exists: edit it, or choose another slug\n`,
    ]);
    expect(readFileSync(join(dir, 'glossary/noindex.md'), 'utf8')).toBe(before);

    const unknown = newEntry('glosary', 'seo');
    expect([unknown.status, unknown.stderr]).toEqual([2, 'npm run new: unknown collection "glosary" (did you mean "glossary"?)\n']);
    const slug = newEntry('tools', 'Bad_Slug');
    expect([slug.status, slug.stderr]).toEqual([
      2,
      'npm run new: the slug "Bad_Slug" must be lower case letters, digits and single hyphens\n',
    ]);
    const option = newEntry('tools', 'seo', '--titel', 'SEO');
    expect(option.status).toBe(2);
    expect(option.stderr.split('\n')[0]).toBe('npm run new: unknown option --titel (did you mean --title?)');
    const lines = newEntry('tools', 'seo', '--title', 'Two\nlines');
    expect([lines.status, lines.stderr]).toEqual([2, 'npm run new: the title must be one line\n']);
    for (const path of ['glossary/seo.md', 'tools/seo.md', 'tools/Bad_Slug.md']) expect(existsSync(join(dir, path))).toBe(false);
  });

  it("any one-line title: every collection's new entry is refused for its TODO placeholders only", () => {
    const copy = mkdtempSync(join(tmpdir(), 'skribra-new-entry-titles-'));
    cpSync(FIXTURE, copy, { recursive: true });
    const folded = (t: string) => t.toLowerCase().replace(/\s+/g, '');
    const taken = new Set(loadCatalog(copy, 'https://skribra.test').catalog.pages.map((p) => folded(p.title)));
    try {
      for (const scaffold of SCAFFOLDS) {
        const file = join(copy, scaffold.folder, 'any-title.md');
        mkdirSync(dirname(file), { recursive: true });
        fc.assert(
          fc.property(
            fc.string({ minLength: 1, maxLength: 40 }).filter((t) => !/[\r\n]/.test(t) && t.trim() !== '' && !taken.has(folded(t.trim()))),
            (raw) => {
              writeFileSync(file, scaffoldText(scaffold, raw.trim(), { category: 'technical-seo', today: '2026-01-31' }));
              let problems: string[] = [];
              try {
                loadCatalog(copy, 'https://skribra.test');
              } catch (err) {
                if (!(err instanceof ContentError)) throw err;
                problems = err.problems.map((p) => `${p.field}: ${p.message}`);
              }
              expect(problems.length).toBeGreaterThan(0);
              expect(problems.filter((p) => !/placeholder "TODO.*" left by npm run new \(write/.test(p))).toEqual([]);
            },
          ),
          { numRuns: 25, examples: [['[[hreflang'], ['SEO. Basics'], ['---'], ['"quoted": yes # not a comment'], ['[[noindex]]']] },
        );
        rmSync(file);
      }
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
