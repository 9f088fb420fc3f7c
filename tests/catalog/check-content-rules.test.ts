// The checker's rules for what editors get wrong beyond a schema: a malformed `[[...]]`, an `updated` date in the
// future, two entries with the same title, and a misspelt category, kind or enum value. Each is reported by
// `npm run check:content` at its file, line and column, all at once.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentError } from '../../src/model/catalog/content-error.ts';
import { loadCatalog } from '../../src/model/catalog/load-catalog.ts';
import { resolveReferences, type ReferenceProblem } from '../../src/model/markdown/resolve-references.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURE = join(ROOT, 'tests/fixtures/content-minimal');
const SITE = 'https://skribra.test';
const DAY_MS = 86_400_000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
let dir: string;

const edit = (file: string, from: string | RegExp, to: string) => {
  const path = join(dir, file);
  const text = readFileSync(path, 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`fixture edit did nothing in ${file}`);
  writeFileSync(path, next);
};
const checkContent = () =>
  spawnSync(process.execPath, ['scripts/check-content.ts'], {
    cwd: ROOT,
    env: { ...process.env, SKRIBRA_CONTENT_DIR: dir },
    encoding: 'utf8',
  });
const problemLines = (output: string) => output.split('\n').filter((l) => /^\S+:\d+:\d+: /.test(l));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'skribra-content-rules-'));
  cpSync(FIXTURE, dir, { recursive: true });
  // Cross-references: one without text after "|", one empty, one never closed (line 13: "The opposite of a ...").
  edit('glossary/noindex.md', '[[canonical-url]].', '[[canonical-url|]], see [[|]] and [[hreflang.');
  // Dates: the day after tomorrow is refused, tomorrow passes (a day of clock skew).
  edit('glossary/canonical-url.md', /^updated: .*$/m, `updated: ${dateIn(2)}`);
  edit('glossary/noindex.md', /^updated: .*$/m, `updated: ${dateIn(1)}`);
  // The same title as canonical-url.md, case and spaces aside; and two features alike, their category spelt two ways.
  edit('glossary/noindex.md', /^title: .*$/m, 'title: canonical  url');
  writeFileSync(
    join(dir, 'features/content-apis.md'),
    readFileSync(join(dir, 'features/content-api.md'), 'utf8')
      .replace('title: Content API', 'title: CONTENT API')
      .replace('category: Delivery', 'category: delivery'),
  );
  // Near misses: a term's category in the wrong case, enum values in the wrong case or one letter off.
  edit('glossary/canonical-url.md', 'category: technical-seo', 'category: technical-SEO');
  edit('tools/word-counter.md', 'runs_on: browser', 'runs_on: Browser');
  edit('glossary/canonical-url.md', 'related_terms: [noindex]', 'related_terms: [NoIndex]');
  edit('agents/quill.md', 'kind: autonomous', 'kind: recommends');
  edit('pages/index.md', 'kind: page', 'kind: Page');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run check:content on what editors get wrong', () => {
  it('reports every rule at file:line:column, all at once, and exits 1', () => {
    const r = checkContent();
    expect(r.status).toBe(1);
    expect(problemLines(r.stderr)).toEqual([
      `${dir}/agents/quill.md:5:1: kind: must be one of autonomous, recommend (did you mean "recommend"?)`,
      `${dir}/features/content-apis.md:2:1: title: "CONTENT API" is also the title of ${dir}/features/content-api.md (titles in features/ must differ, case and spaces aside)`,
      `${dir}/features/content-apis.md:4:1: category: "delivery" is "Delivery" in 1 other file (did you mean "Delivery"?)`,
      `${dir}/glossary/canonical-url.md:5:1: category: must be lower case letters, digits and single hyphens (did you mean "technical-seo"?)`,
      `${dir}/glossary/canonical-url.md:7:17: related_terms.0: must be lower case letters, digits and single hyphens (did you mean "noindex"?)`,
      `${dir}/glossary/canonical-url.md:11:1: updated: is in the future (expected ${dateIn(0)} or earlier)`,
      `${dir}/glossary/noindex.md:2:1: title: "canonical  url" is also the title of ${dir}/glossary/canonical-url.md (titles in glossary/ must differ, case and spaces aside)`,
      `${dir}/glossary/noindex.md:13:19: body: cross-reference [[canonical-url|]] has no text after "|" (expected [[canonical-url]] or [[canonical-url|text]])`,
      `${dir}/glossary/noindex.md:13:43: body: empty cross-reference [[|]] (expected [[slug]] or [[slug|text]] on one line)`,
      `${dir}/glossary/noindex.md:13:53: body: unclosed cross-reference "[[hreflang." (expected [[slug]] or [[slug|text]] on one line)`,
      `${dir}/pages/index.md:4:1: kind: must be one of page, resource, audience, doc (did you mean "page"?)`,
      `${dir}/tools/word-counter.md:4:1: runs_on: must be one of browser, server (did you mean "browser"?)`,
    ]);
    expect(r.stderr).toContain('12 content problems in 6 files');
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });

  it('an unclosed reference before a good one is reported as unclosed, and the good one still resolves', () => {
    const problems: [number, ReferenceProblem][] = [];
    const terms = new Map([['hreflang', { title: 'Hreflang', url: `${SITE}/glossary/hreflang/` }]]);
    const out = resolveReferences('See [[hreflang and [[hreflang]].', terms, SITE, (at, p) => problems.push([at, p]));
    expect(out).toBe(`See [[hreflang and [hreflang](${SITE}/glossary/hreflang/).`);
    expect(problems).toEqual([
      [4, { malformed: 'unclosed cross-reference "[[hreflang and [[hreflang]]." (expected [[slug]] or [[slug|text]] on one line)' }],
    ]);
  });

  it('a reference does not run across lines', () => {
    const problems: ReferenceProblem[] = [];
    const terms = new Map([['hreflang', { title: 'Hreflang', url: `${SITE}/glossary/hreflang/` }]]);
    resolveReferences('See [[hreflang\nand]] more', terms, SITE, (_, p) => problems.push(p));
    expect(problems).toEqual([{ malformed: 'unclosed cross-reference "[[hreflang" (expected [[slug]] or [[slug|text]] on one line)' }]);
  });

  it('any text: no throw, every "[[" is resolved or reported, and text without "[[" is unchanged', () => {
    const terms = new Map([['seo', { title: 'SEO', url: `${SITE}/glossary/seo/` }]]);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('[', ']', '|', 's', 'e', 'o', ' ', '\n', 'x') }), (text) => {
        let reported = 0;
        const out = resolveReferences(text, terms, SITE, () => reported++);
        const resolved = out.split(`](${SITE}/glossary/seo/)`).length - 1;
        if (!text.includes('[[')) expect(out).toBe(text);
        expect(reported + resolved).toBeGreaterThanOrEqual(text.includes('[[') ? 1 : 0);
      }),
      { numRuns: 500 },
    );
  });

  it('an `updated` date is refused from the day after tomorrow, as the clock says', () => {
    const now = new Date('2026-10-03T23:00:00Z');
    const withDate = (date: string) => {
      const copy = mkdtempSync(join(tmpdir(), 'skribra-content-date-'));
      cpSync(FIXTURE, copy, { recursive: true });
      const file = join(copy, 'glossary/noindex.md');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^updated: .*$/m, `updated: ${date}`));
      try {
        loadCatalog(copy, SITE, 'dev', { now });
        return 'accepted';
      } catch (err) {
        return (err as ContentError).problems.map((p) => `${p.field}: ${p.message}`).join('\n');
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    };
    expect(withDate('2026-10-04')).toBe('accepted');
    expect(withDate('2026-10-05')).toBe('updated: is in the future (expected 2026-10-03 or earlier)');
  });
});
