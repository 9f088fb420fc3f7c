// What `npm run check:content` says is where it is (issue 51.4): a YAML mistake at the line and column the yaml
// parser found it (an unclosed quote at its opening quote, not the next line), in front matter and in a YAML file; and
// an entry scaffolded by `npm run new` whose TODO placeholders nobody replaced is refused, each at its place.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCAFFOLDS, scaffoldText } from '../../src/model/catalog/scaffolds.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURE = join(ROOT, 'tests/fixtures/content-minimal');
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skribra-check-truth-'));
  cpSync(FIXTURE, dir, { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const check = () => spawnSync(process.execPath, ['scripts/check-content.ts', dir], { cwd: ROOT, encoding: 'utf8' });
const lines = (text: string) => text.split('\n');

describe('YAML errors at the parser’s own position', () => {
  it('an unclosed quote on line 3 of the front matter is reported at line 3, at its opening quote', () => {
    const description = 'The home page, with a description long enough to run well past the next line of the file.';
    writeFileSync(join(dir, 'pages/index.md'), `---\ntitle: Home\ndescription: "${description}\nkind: page\n---\nWelcome.\n`);
    const r = check();
    expect(r.status).toBe(1);
    expect(lines(r.stderr)[0]).toBe(
      `${dir}/pages/index.md:3:14: frontmatter: is not valid YAML (Missing closing "quote: the quoted value that starts here is never closed)`,
    );
  });

  it('a quote left open where the next value’s quote would close it: still line 3, not a column of line 4', () => {
    const line3 = 'description: "The home page, whose closing quote went missing at the end of this line.';
    writeFileSync(join(dir, 'pages/index.md'), `---\ntitle: Home\n${line3}\nkind: "page"\n---\nWelcome.\n`);
    const r = check();
    expect(r.status).toBe(1);
    const [, line, column] = /^\S+:(\d+):(\d+): frontmatter: is not valid YAML/.exec(lines(r.stderr)[0]!)!;
    // Reported at 4:87 before: line 4 ("kind: "page"") is 13 characters long.
    expect([Number(line), Number(column)]).toEqual([3, 14]);
  });

  it('in a YAML file, the line and column as the file counts them', () => {
    const file = join(dir, 'pricing.yaml');
    writeFileSync(file, `${readFileSync(file, 'utf8').trimEnd()}\nnote: "open\n`);
    const at = readFileSync(file, 'utf8').split('\n').length - 1;
    const r = check();
    expect(lines(r.stderr)[0]).toBe(
      `${dir}/pricing.yaml:${at}:7: is not valid YAML (Missing closing "quote: the quoted value that starts here is never closed)`,
    );
  });
});

describe('TODO placeholders', () => {
  it('an entry as npm run new writes it is refused: every placeholder, at its line and column', () => {
    const glossary = SCAFFOLDS.find((s) => s.name === 'glossary')!;
    const text = scaffoldText(glossary, 'XML sitemap', { category: 'technical-seo', today: '2026-01-31' });
    writeFileSync(join(dir, 'glossary/xml-sitemap.md'), text);
    const r = check();
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    const file = `${dir}/glossary/xml-sitemap.md`;
    const lineOf = (needle: string) => lines(text).findIndex((l) => l.includes(needle)) + 1;
    const at = (needle: string) => `${lineOf(needle)}:${lines(text)[lineOf(needle) - 1]!.indexOf(needle) + 1}`;
    const got = lines(r.stderr).filter((l) => l.startsWith(file));
    expect(got).toEqual([
      `${file}:${lineOf('definition:')}:1: definition: is a placeholder "TODO: define the term in one sentence." left by npm run new (write the real text in its place)`,
      `${file}:${lineOf('tldr:')}:1: tldr: is a placeholder "TODO: the takeaway, in one short line." left by npm run new (write the real text in its place)`,
      `${file}:${at('"TODO: a short')}: key_points.0: is a placeholder "TODO: a short, factual point." left by npm run new (write the real text in its place)`,
      `${file}:${at('title: "TODO')}: sources.0.title: is a placeholder "TODO: the source's title" left by npm run new (write the real text in its place)`,
      `${file}:${lineOf('TODO: what the term')}:1: body: placeholder "TODO: what the term means, in a paragraph or two." left by npm run new (write the real text in its place)`,
      `${file}:${lineOf('TODO: why it matters')}:1: body: placeholder "TODO: why it matters, and what to do about it." left by npm run new (write the real text in its place)`,
    ]);
    expect(lines(r.stderr).at(-2)).toBe('6 content problems in 1 file');
  });

  it('once every TODO is replaced, the entry passes', () => {
    const glossary = SCAFFOLDS.find((s) => s.name === 'glossary')!;
    const text = scaffoldText(glossary, 'XML sitemap', { category: 'technical-seo', today: '2026-01-31' }).replace(/TODO: /g, 'Written: ');
    writeFileSync(join(dir, 'glossary/xml-sitemap.md'), text);
    const r = check();
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
