// content/README.md stays true: its URL patterns are the routes the catalog builds (src/model/core/urls.ts `paths`), its
// field tables list exactly the schemas' fields, and every full example passes the checker in a copy of content/.
// A declared collection (src/model/catalog/collections.ts) is documented there or in its own folder's README.md (which the
// loader skips), with the same table row, field table and full example.
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/model/catalog/load-catalog.ts';
import { paths } from '../../src/model/core/urls.ts';
import { COLLECTIONS } from '../../src/model/catalog/collections.ts';
import { GlossaryCategoryInput, GlossaryTermInput } from '../../src/model/schemas/glossary.ts';
import { SitePageInput } from '../../src/model/schemas/page.ts';
import { Pricing } from '../../src/model/schemas/pricing.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CONTENT = join(ROOT, 'content');
const MAIN = readFileSync(join(CONTENT, 'README.md'), 'utf8');
/** A collection's own guide, when it keeps one in its folder. */
const folderGuide = (folder: string) => {
  try {
    return readFileSync(join(CONTENT, folder, 'README.md'), 'utf8');
  } catch {
    return '';
  }
};
const README = [MAIN, ...COLLECTIONS.map((c) => folderGuide(c.folder))].join('\n');
const SITE = 'https://skribra.test';
const { catalog } = loadCatalog(CONTENT, SITE);
const built = new Set(catalog.pages.map((p) => p.path));
const temp: string[] = [];
afterAll(() => {
  for (const d of temp) rmSync(d, { recursive: true, force: true });
});

/** The collection table: collection name -> [where, URL pattern] (the first backticked text of each cell). */
const table = new Map(
  README.split('\n')
    .filter((l) => /^\| [a-z ]+ \| `/.test(l))
    .map((l) => {
      const [name, where, url] = l
        .split('|')
        .slice(1, 4)
        .map((c) => c.trim());
      return [name!, { where: /`([^`]+)`/.exec(where!)![1]!, url: /`([^`]+)`/.exec(url!)![1]! }];
    }),
);

const slugged = [
  ['glossary categories', catalog.categories.map((c) => c.slug), paths.category],
  ['glossary terms', catalog.terms.map((t) => t.slug), paths.term],
  ...COLLECTIONS.map(
    (c) => [c.key, (catalog[c.key] as { slug: string }[]).map((i) => i.slug), (slug: string) => `${c.route}${slug}/`] as const,
  ),
] as const;

describe('content/README.md URL patterns are the real routes', () => {
  it('names every collection', () => {
    expect([...table.keys()].sort()).toEqual(
      ['glossary categories', 'glossary terms', ...COLLECTIONS.map((c) => c.key), 'pricing', 'site pages'].sort(),
    );
  });

  it.each(slugged)('%s: the pattern gives the route of every item, and that page is built', (name, slugs, route) => {
    const { url, where } = table.get(name)!;
    expect(slugs.length).toBeGreaterThan(0);
    for (const slug of slugs) {
      expect(url.replace('{slug}', slug)).toBe(route(slug));
      expect(built.has(route(slug))).toBe(true);
    }
    if (where.includes('{slug}'))
      for (const slug of slugs) expect(readFileSync(join(CONTENT, where.replace('{slug}', slug)), 'utf8')).toMatch(/^---\n/);
  });

  it('pricing and site pages', () => {
    expect(table.get('pricing')!.url).toBe(paths.pricing);
    expect(built.has(paths.pricing)).toBe(true);
    // The site-page examples in the table row are built pages.
    const row = README.split('\n').find((l) => l.startsWith('| site pages |'))!;
    const examples = [...row.matchAll(/`pages\/([^`]+)\.md` is `([^`]+)`/g)];
    expect(examples.length).toBe(3);
    for (const [, file, url] of examples) {
      expect(built.has(url!)).toBe(true);
      expect(readFileSync(join(CONTENT, 'pages', `${file}.md`), 'utf8')).toMatch(/^---\n/);
    }
  });

  it('the comment in glossary-categories.yaml gives the category URL', () => {
    const comment = readFileSync(join(CONTENT, 'glossary-categories.yaml'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('#'))
      .join(' ');
    expect(comment).toContain(paths.category('{slug}'));
    expect(comment).toContain(paths.term('{term-slug}'));
  });
});

describe('content/README.md field tables list every field of each schema', () => {
  const sections = README.split(/^## /m).slice(1);
  const fieldsOf = (heading: string) => {
    const section = sections.find((s) => s.startsWith(heading));
    if (!section) throw new Error(`no section "${heading}"`);
    return section
      .split('\n')
      .filter((l) => /^\| `/.test(l))
      .map((l) => /^\| `([a-z_]+)`/.exec(l)![1]);
  };
  it.each([
    ['Glossary category', GlossaryCategoryInput],
    ['Glossary term', GlossaryTermInput],
    ...COLLECTIONS.map((c) => [c.name, c.input as unknown as typeof Pricing] as const),
    ['Pricing', Pricing],
    ['Site page', SitePageInput],
  ] as const)('%s', (heading, schema) => {
    expect(fieldsOf(heading)).toEqual(Object.keys(schema.shape));
  });
});

describe('content/README.md examples', () => {
  const examples = [...README.matchAll(/^```(markdown|yaml) title="([^"]+)"\n([\s\S]*?)^```$/gm)].map((m) => ({
    file: m[2]!,
    text: m[3]!,
  }));

  it('has one full example for each collection', () => {
    expect(examples.map((e) => e.file.split('/')[0]).sort()).toEqual(
      ['glossary-categories.yaml', 'glossary', ...COLLECTIONS.map((c) => c.folder), 'pricing.yaml', 'pages'].sort(),
    );
  });

  it('every example passes the checker in a copy of content/ and is served at the URL the table gives', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skribra-readme-'));
    temp.push(dir);
    cpSync(CONTENT, dir, { recursive: true });
    for (const { file, text } of examples) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      // The category example is one item of the list.
      if (file === 'glossary-categories.yaml') appendFileSync(join(dir, file), text);
      else writeFileSync(join(dir, file), text);
    }
    const { catalog: withExamples } = loadCatalog(dir, SITE);
    const paths2 = new Set(withExamples.pages.map((p) => p.path));
    expect(paths2.has(table.get('glossary categories')!.url.replace('{slug}', 'ecommerce-seo'))).toBe(true);
    expect(paths2.has(table.get('glossary terms')!.url.replace('{slug}', 'orphan-page'))).toBe(true);
    const term = withExamples.terms.find((t) => t.slug === 'orphan-page')!;
    expect(term.sections!.map((s) => s.heading)).toEqual(['What it is', 'How to fix it']);
    expect(term.sections![0]!.content).toContain(`[internal link](${SITE}${paths.term('internal-linking')})`);
  });
});
