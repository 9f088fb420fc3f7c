// A collection is declared once (src/model/catalog/collections/{key}.ts, listed in src/model/catalog/collections.ts) and derived
// everywhere else: these tests fail when src/ lists collections by hand again, and check that each declaration
// reaches every output it should.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/model/catalog/collections.ts';
import { PAGE_KINDS } from '../../src/model/catalog/page-kinds.ts';
import { loadCatalog } from '../../src/model/catalog/load-catalog.ts';
import { endpointsOf } from '../../src/model/endpoints/registry.ts';
import { groupPages } from '../../src/request/machine/page-groups.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** The declaration itself: the only place allowed to name the collections together. */
const DECLARATION = ['src/model/catalog/collections.ts', 'src/model/catalog/collections/'];
/** Lines that name collections on purpose, each with why: not a list a new collection must join. */
const CHOSEN: Record<string, string> = {
  // The header's navigation is an editorial choice of a few destinations, collections among them, in a chosen order.
  'src/site/layouts/Base.astro': "['/features/', 'Features'], ['/agents/', 'Agents'], ['/pricing/', 'Pricing']",
};

const files: string[] = [];
function walk(dir: string) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.(m?ts|astro|m?js)$/.test(name)) files.push(path);
  }
}
walk(join(ROOT, 'src'));
walk(join(ROOT, 'scripts'));

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** How code names a collection: its key or kind as a string, its key as an object key or a catalog field, its route. */
const namings = COLLECTIONS.map((c) => ({
  key: c.key,
  pattern: new RegExp(
    [
      `['"\`]${escapeRegExp(c.key)}['"\`]`,
      `['"\`]${escapeRegExp(c.kind)}['"\`]`,
      `(?:^|[\\s{,])${escapeRegExp(c.key)}\\??:`,
      `\\.${escapeRegExp(c.key)}\\b`,
      `['"\`]${escapeRegExp(c.route)}['"\`]`,
    ].join('|'),
  ),
}));

/** Lines of code (comments left out) that name two or more collections: a list kept by hand. */
function handLists(text: string): { line: number; names: string[]; text: string }[] {
  const out: { line: number; names: string[]; text: string }[] = [];
  text.split('\n').forEach((raw, i) => {
    const code = raw.replace(/\/\/.*$/, '');
    if (/^\s*(\*|\/\*)/.test(code)) return;
    const names = namings.filter((n) => n.pattern.test(code)).map((n) => n.key);
    if (names.length >= 2) out.push({ line: i + 1, names, text: raw.trim().slice(0, 160) });
  });
  return out;
}

describe('collections are declared once', () => {
  it('no file of src/ or scripts/ outside the declaration names two collections on one line', () => {
    const found = files
      .map((f) => relative(ROOT, f))
      .filter((f) => !DECLARATION.some((d) => f.startsWith(d)))
      .flatMap((f) =>
        handLists(readFileSync(join(ROOT, f), 'utf8'))
          .filter((h) => !(CHOSEN[f] && h.text.includes(CHOSEN[f]!)))
          .map((h) => `${f}:${h.line}: ${h.names.join(', ')}: ${h.text}`),
      );
    expect(found).toEqual([]);
  });

  it('the detector finds a hand list', () => {
    const [a, b] = COLLECTIONS;
    expect(handLists(`const lists = [catalog.${a.key}, catalog.${b.key}];`)).toHaveLength(1);
    expect(handLists(`const kinds = { '${a.kind}': 1, '${b.kind}': 2 };`)).toHaveLength(1);
    expect(handLists(`// prose about ${a.key} and ${b.key}`)).toHaveLength(0);
  });

  it('keys, kinds, routes, API ids and schema names are unique', () => {
    for (const field of ['key', 'kind', 'route', 'name', 'folder', 'section'] as const) {
      const values = COLLECTIONS.map((c) => c[field]);
      expect(new Set(values).size, field).toBe(values.length);
    }
    const ids = COLLECTIONS.flatMap((c) => [c.api.list.id, c.api.detail.id]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('every declared collection reaches its outputs', () => {
  const { catalog } = loadCatalog(join(ROOT, 'content'), 'https://skribra.test');
  const groups = groupPages(catalog.pages);
  it.each(COLLECTIONS.map((c) => [c.key, c] as const))(
    '%s: catalog, page kind, pages and section, list and detail endpoints',
    (_key, c) => {
      const items = catalog[c.key] as { slug: string; url: string }[];
      expect(items.length).toBeGreaterThan(0);
      expect(PAGE_KINDS).toContain(c.kind);
      const pages = catalog.pages.filter((p) => p.kind === c.kind);
      expect(pages.map((p) => p.path).sort()).toEqual(items.map((i) => `${c.route}${i.slug}/`).sort());
      expect(pages.every((p) => p.section === c.section)).toBe(true);
      expect(groups.find((g) => g.name === c.section)?.pages.length).toBeGreaterThanOrEqual(items.length);
      const patterns = endpointsOf('public').map((e) => [e.id, e.pattern]);
      expect(patterns).toContainEqual([c.api.list.id, `/api/v1/${c.key}`]);
      expect(patterns).toContainEqual([c.api.detail.id, `/api/v1/${c.key}/:slug`]);
      expect(
        catalog.pages.some((p) => p.path === c.route),
        `content/pages${c.route}index.md`,
      ).toBe(true);
    },
  );
});
