// A content folder with six different mistakes: `npm run check:content` and the build both list all six, each
// with file, line and column, and neither prints a stack trace.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHOUT_BLOG } from '../../src/build-time/astro-build.ts';
import { siteBuildOrThrow, testBuildDir } from '../helpers/test-builds.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURE = join(ROOT, 'tests/fixtures/content-minimal');
let dir: string;
let outDir: string;

const edit = (file: string, from: string | RegExp, to: string) => {
  const path = join(dir, file);
  const text = readFileSync(path, 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`fixture edit did nothing in ${file}`);
  writeFileSync(path, next);
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'skribra-bad-content-'));
  outDir = testBuildDir('bad-content');
  cpSync(FIXTURE, dir, { recursive: true });
  edit('glossary/noindex.md', /^updated: .*\n/m, ''); // 1. a required field missing
  edit('glossary/noindex.md', '[[canonical-url]]', '[[canonical-urll]]'); // 2. an unknown reference
  edit('glossary/canonical-url.md', 'category: technical-seo', 'category: technical-seoo'); // 3. an unknown category
  edit(
    'glossary/canonical-url.md',
    /^definition: .*$/m, // 4. two sentences ("e.g." and 2.5 are not ends)
    'definition: A canonical URL, e.g. the one with 2.5 times the links, is the preferred address. Search engines index it.',
  );
  edit('tools/word-counter.md', 'runs_on: browser', 'runs_on: cloud'); // 5. a value not in the list
  edit('glossary/canonical-url.md', /^updated: .*$/m, 'updated: 2026-13-45'); // 6. a date that is no calendar date
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

const expected = () => [
  `${dir}/glossary/canonical-url.md:3:1: definition: must be one sentence (a second one starts "Search engines index it.")`,
  `${dir}/glossary/canonical-url.md:5:1: category: unknown category "technical-seoo" (did you mean "technical-seo"?)`,
  `${dir}/glossary/canonical-url.md:11:1: updated: must be a date YYYY-MM-DD (expected e.g. 2026-01-31)`,
  `${dir}/glossary/noindex.md:10:1: updated: is required (expected a date YYYY-MM-DD, e.g. 2026-01-31)`,
  `${dir}/glossary/noindex.md:12:19: body: unknown glossary reference [[canonical-urll]] (did you mean [[canonical-url]]?)`,
  `${dir}/tools/word-counter.md:4:1: runs_on: must be one of browser, server`,
];
const problemLines = (output: string) => output.split('\n').filter((l) => /^\S+:\d+:\d+: /.test(l));

describe('a content folder with six mistakes', () => {
  it('npm run check:content lists all six and exits 1', () => {
    const r = spawnSync('npm', ['run', '-s', 'check:content'], {
      cwd: ROOT,
      env: { ...process.env, SKRIBRA_CONTENT_DIR: dir },
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(problemLines(r.stderr)).toEqual(expected());
    expect(r.stderr).toContain('6 content problems in 3 files');
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.stdout).toBe('');
  });

  it('the build prints the same six lines, no stack trace, and exits 1', async () => {
    let output = '';
    try {
      await siteBuildOrThrow(outDir, { SKRIBRA_CONTENT_DIR: dir, SITE_URL: 'http://localhost:4321', ...WITHOUT_BLOG });
    } catch (err) {
      output = (err as Error).message;
    }
    expect(output).toMatch(/^astro build failed \(exit 1\)/);
    expect(problemLines(output)).toEqual(expected());
    expect(output).toContain('6 content problems in 3 files');
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toContain('An unhandled error occurred');
  }, 300_000); // a build, beside the other test files

  it('the real content passes with a one-line summary and exit 0', () => {
    const r = spawnSync(process.execPath, ['scripts/check-content.ts'], {
      cwd: ROOT,
      env: { ...process.env, SKRIBRA_CONTENT_DIR: '' },
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^content ok: \d+ glossary terms in \d+ categories, .* \(checked in \d+ ms\)\n$/);
  });
});
