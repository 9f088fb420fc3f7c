import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, type SiteContent } from '../../src/model/catalog/load-catalog.ts';
import { llmsFiles, llmsTxt } from '../../src/request/machine/llms-txt.ts';
import { llmsFullTxt } from '../../src/request/machine/llms-full-txt.ts';
import { sitemapBlogPart, sitemapFiles, sitemapParts } from '../../src/request/machine/sitemap-xml.ts';
import { LIVE_RECORD, liveFile, livePart } from '../../src/request/blog/live-files.ts';
import type { ArticleSummary } from '../../src/request/api/public/article-source.ts';
import { writeMachineReadable } from '../../src/build-time/write-machine-readable.ts';
import { limitsFrom } from '../../src/request/api/content/limits.ts';
import { readConfig } from '../../src/model/config.ts';
import { buildTwins } from '../../src/model/catalog/build-twins.ts';
import { generateContent } from '../../scripts/generate-content.ts';

const SITE = 'https://example.com';
const LINK_LINE = /^- \[([^\]]+)\]\((https?:\/\/[^)\s]+)\)(: .+)?$/;
const links = (text: string) =>
  text
    .split('\n')
    .map((l) => LINK_LINE.exec(l)?.[2])
    .filter((u): u is string => !!u);

/** A few of the blog's articles as the store lists them, newest first; agents' text in one title and excerpt. */
const BLOG: ArticleSummary[] = Array.from({ length: 5 }, (_, i) => ({
  title: i === 2 ? 'Links [and] *stars*' : `Post ${i}`,
  slug: `post-${i}`,
  url: `${SITE}/blog/post-${i}/`,
  markdown_url: `${SITE}/blog/post-${i}.md`,
  excerpt: i === 3 ? undefined : `About post ${i} <b>&</b> more`,
  published_at: `2026-09-${String(20 - i).padStart(2, '0')}T08:00:00Z`,
  updated_at: i === 1 ? '2026-10-02T09:30:00Z' : undefined,
}));
const BLOGS = [
  ['no blog', []],
  ['some articles', BLOG],
] as const;

let dir: string;
let out: string;
let content: SiteContent;
beforeAll(() => {
  dir = generateContent(300);
  out = mkdtempSync(join(tmpdir(), 'skribra-llms-scale-'));
  content = loadCatalog(dir, SITE);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

describe('llms files at scale', () => {
  it('keeps a long Optional list inline below the limit', () => {
    const files = llmsFiles(content.catalog, [], 100_000);
    expect([...files.keys()]).toEqual(['/llms.txt']);
    expect(files.get('/llms.txt')).toBe(llmsTxt(content.catalog));
  });

  it('moves a list past the limit to a per-section file linked under Optional, grouped by category', () => {
    const files = llmsFiles(content.catalog, [], 100);
    expect([...files.keys()]).toEqual(['/llms.txt', '/llms/glossary.txt']);
    const index = files.get('/llms.txt')!;
    const optional = index.slice(index.indexOf('## Optional'));
    const glossaryPages = content.catalog.pages.filter((p) => p.section === 'Glossary');
    const groups = optional.match(/in (\d+) groups \((.*)\), one/)!;
    expect(optional).toBe(
      `## Optional\n\n- [Glossary: every page](${SITE}/llms/glossary.txt): ${glossaryPages.length} pages in ${groups[1]} groups (${groups[2]}), one link line each, in the llms.txt format\n`,
    );
    expect(groups[2]!.split(', ').sort()).toEqual(['Glossary', ...content.catalog.categories.map((c) => c.label)].sort());
    expect(index.split('\n').length).toBeLessThan(200);
    const section = files.get('/llms/glossary.txt')!;
    expect(section.split('\n')[0]).toBe('# Skribra: Glossary');
    expect(section.split('\n')[2]).toMatch(/^> Every page of the Glossary section of https:\/\/example\.com \(\d+ pages\)/);
    // Every page of the site is linked exactly once across llms.txt and the section file.
    const all = [
      ...links(index).filter(
        (u) =>
          !u.endsWith('/llms/glossary.txt') &&
          !u.endsWith('.json') &&
          !u.endsWith('/llms-full.txt') &&
          !u.endsWith('/api/v1/') &&
          !u.endsWith('api-catalog'),
      ),
      ...links(section).filter((u) => !u.endsWith('/llms.txt')),
    ];
    expect(all.sort()).toEqual(content.catalog.pages.map((p) => p.markdown_url).sort());
    // Grouped: each term sits under the H2 of its category.
    for (const t of content.catalog.terms.slice(0, 50)) {
      const at = section.indexOf(`(${t.markdown_url})`);
      const heading = section
        .slice(0, at)
        .match(/^## (.+)$/gm)!
        .at(-1);
      expect(heading, t.slug).toBe(`## ${content.catalog.categories.find((c) => c.slug === t.category)!.label}`);
    }
  });

  it('streams llms-full.txt with the blog it is given to the same bytes as the whole-string version; llms.txt and the sitemap as parts the blog joins; every twin', async () => {
    const twins = buildTwins(content);
    const read = (path: string) => (existsSync(join(out, path)) ? readFileSync(join(out, path), 'utf8') : undefined);
    for (const [name, blog] of BLOGS) {
      await writeMachineReadable(out, content, limitsFrom(readConfig()), { blog });
      expect(read('/llms-full.txt'), name).toBe(llmsFullTxt(content.catalog, twins, blog));
    }
    // What the blog decides in llms.txt and the sitemap is no whole file: a request joins the parts around the store's articles.
    expect(existsSync(join(out, 'llms.txt'))).toBe(false);
    expect(existsSync(join(out, 'sitemap.xml'))).toBe(false);
    for (const [name, blog] of BLOGS) {
      expect(await liveFile('/llms.txt', blog, SITE, read), name).toBe(llmsTxt(content.catalog, blog));
      expect(await liveFile('/sitemap.xml', blog, SITE, read), name).toBe((await sitemapFiles(content.catalog, blog)).get('/sitemap.xml'));
    }
    expect(JSON.parse(read(LIVE_RECORD)!)).toEqual({ sitemapIndex: false });
    for (const [path, twin] of [...twins].slice(0, 400)) expect(readFileSync(join(out, path), 'utf8'), path).toBe(twin);
    expect(JSON.parse(readFileSync(join(out, '_skribra/markdown-paths.json'), 'utf8')).sort()).toEqual([...twins.keys(), '/404.md'].sort());
    expect(existsSync(join(out, 'llms/glossary.txt'))).toBe(false);
    expect(readFileSync(join(out, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${SITE}/sitemap.xml\n`);
  });
});

describe('the sitemap without the blog, and its blog part', () => {
  it.each(BLOGS)('one sitemap (%s): before + the blog part + after is what sitemapFiles writes', async (_, blog) => {
    const parts = await sitemapParts(content.catalog);
    expect(parts.index).toBe(false);
    expect(parts.files.size).toBe(0);
    const { part, children } = await sitemapBlogPart(content.catalog, blog, false);
    expect(children.size).toBe(0);
    expect(new Map([['/sitemap.xml', `${parts.before}${part}${parts.after}`]])).toEqual(await sitemapFiles(content.catalog, blog));
  });

  it.each(BLOGS)('an index of children (%s): the same index and children sitemapFiles writes past the limits', async (_, blog) => {
    const limits = { urls: 100, bytes: 9_000 };
    const parts = await sitemapParts(content.catalog, limits);
    expect(parts.index).toBe(true);
    // The blog past the limits itself: children of its own, split as sitemapFiles splits them.
    const split = { urls: 2, bytes: 9_000 };
    const { children } = await sitemapBlogPart(content.catalog, blog, true, split);
    expect([...children]).toEqual(
      [...(await sitemapFiles(content.catalog, blog, split))].filter(([path]) => path.startsWith('/sitemaps/blog-')),
    );
    expect(children.size).toBe(blog.length ? 3 : 0); // the index and five articles, two a file

    const own = await sitemapBlogPart(content.catalog, blog, true, limits);
    const expected = await sitemapFiles(content.catalog, blog, limits);
    expect(new Map([['/sitemap.xml', `${parts.before}${own.part}${parts.after}`], ...parts.files, ...own.children])).toEqual(expected);
    // As a request answers it: the parts read from a build, the blog's children by their paths.
    const built = new Map([
      [livePart('/sitemap.xml', 'before'), parts.before],
      [livePart('/sitemap.xml', 'after'), parts.after],
      [LIVE_RECORD, JSON.stringify({ sitemapIndex: true })],
    ]);
    const read = (path: string) => built.get(path);
    expect(await liveFile('/sitemap.xml', blog, SITE, read)).toBe(expected.get('/sitemap.xml'));
    for (const [path, xml] of own.children) expect(await liveFile(path, blog, SITE, read), path).toBe(xml);
    expect(await liveFile(`/sitemaps/blog-${own.children.size + 1}.xml`, blog, SITE, read)).toBeUndefined();
  });
});
