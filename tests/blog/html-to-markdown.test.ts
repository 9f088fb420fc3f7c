// The HTML -> markdown fixtures: tests/blog/fixtures/<case>/input.html must convert to output.md exactly.
// To change an expectation on purpose, edit output.md by hand and say why in the commit.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { htmlToMarkdown } from '../../src/request/blog/html-to-markdown.ts';

const dir = join(import.meta.dirname, 'fixtures');
const cases = readdirSync(dir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

describe('htmlToMarkdown fixtures', () => {
  test('the suite has its cases', () => {
    expect(cases).toEqual(
      expect.arrayContaining([
        'table-inline-markup',
        'table-without-head',
        'nested-lists',
        'code-blocks',
        'strikethrough',
        'task-list',
        'images-with-alt',
        'links-with-titles',
        'headings-with-ids',
      ]),
    );
  });
  test.each(cases)('%s', (name) => {
    const input = readFileSync(join(dir, name, 'input.html'), 'utf8');
    const expected = readFileSync(join(dir, name, 'output.md'), 'utf8');
    expect(htmlToMarkdown(input)).toBe(expected);
  });
});

describe('htmlToMarkdown', () => {
  test('a table keeps one row per line and a delimiter row under the head', () => {
    const md = htmlToMarkdown(
      '<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1|2</td><td><p>x</p><p>y</p></td></tr></tbody></table>',
    );
    expect(md).toBe('| a | b |\n| --- | --- |\n| 1\\|2 | x<br>y |\n');
  });
  test('scripts and styles do not reach the markdown', () => {
    expect(htmlToMarkdown('<p>ok</p><script>alert(1)</script><style>p{}</style>')).toBe('ok\n');
  });
  test('GFM strikethrough uses two tildes and task boxes sit right after the marker', () => {
    expect(htmlToMarkdown('<ul><li><input type="checkbox" checked> <del>old</del> new</li></ul>')).toBe('- [x] ~~old~~ new\n');
  });
});
