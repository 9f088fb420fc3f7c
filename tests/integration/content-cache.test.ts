// The build's content cache (src/build-time/content-cache.ts): a cached load is the load the folder gives, any change of
// a file is a new load, bad content is never stored, and the cache keeps its few most recent entries.
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedContentLoader } from '../../src/build-time/content-cache.ts';
import { loadCatalog } from '../../src/model/catalog/load-catalog.ts';
import { ContentError } from '../../src/model/catalog/content-error.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const SITE = 'https://skribra.test';
let tmp: string;
let content: string;
const entries = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.bin'));

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'skribra-content-cache-'));
  content = join(tmp, 'content');
  cpSync(join(ROOT, 'content'), content, { recursive: true });
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the content cache', () => {
  it('gives the load the folder gives, and reads it back from the cache the next time', () => {
    const dir = join(tmp, 'a');
    const load = cachedContentLoader(dir, 'code');
    const first = load(content, SITE);
    expect(first).toEqual(loadCatalog(content, SITE));
    expect(entries(dir)).toHaveLength(1);
    // What the next load returns is the entry's: a stand-in written under the same key comes back.
    const file = join(dir, entries(dir)[0]!);
    writeFileSync(file, serialize({ ...first, signals: { stand: 'in' } }));
    expect(load(content, SITE).signals).toEqual({ stand: 'in' });
  });

  it('loads again when any content file, the site or the code changes', () => {
    const dir = join(tmp, 'b');
    cachedContentLoader(dir, 'code')(content, SITE);
    const term = join(content, 'glossary', 'noindex.md');
    const text = readFileSync(term, 'utf8');
    writeFileSync(term, text.replace(/^title: .*$/m, 'title: Noindex, edited'));
    try {
      const edited = cachedContentLoader(dir, 'code')(content, SITE);
      expect(edited.catalog.terms.find((t) => t.slug === 'noindex')!.title).toBe('Noindex, edited');
      expect(edited).toEqual(loadCatalog(content, SITE));
    } finally {
      writeFileSync(term, text);
    }
    cachedContentLoader(dir, 'code')(content, 'https://other.test');
    cachedContentLoader(dir, 'other code')(content, SITE);
    expect(entries(dir)).toHaveLength(4);
  });

  it('stores nothing for content with problems, which fails the load as before', () => {
    const dir = join(tmp, 'c');
    const bad = join(tmp, 'bad');
    cpSync(content, bad, { recursive: true });
    appendFileSync(join(bad, 'glossary', 'noindex.md'), '\n[[no-such-term]]\n');
    expect(() => cachedContentLoader(dir, 'code')(bad, SITE)).toThrow(ContentError);
    expect(() => readdirSync(dir)).toThrow(); // never created
  });

  it('keeps the four most recently used entries', () => {
    const dir = join(tmp, 'd');
    const load = cachedContentLoader(dir, 'code');
    for (const site of ['https://1.test', 'https://2.test', 'https://3.test', 'https://4.test']) load(content, site);
    // All four a day old: the fifth load keeps itself and three of them.
    const old = new Date(Date.now() - 86_400_000);
    const names = entries(dir);
    for (const n of names) utimesSync(join(dir, n), old, old);
    const before = new Set(names);
    load(content, 'https://5.test');
    expect(entries(dir)).toHaveLength(4);
    expect(entries(dir).filter((n) => !before.has(n))).toHaveLength(1);
  });
});
