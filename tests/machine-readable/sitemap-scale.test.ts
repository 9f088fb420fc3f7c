import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, type SiteContent } from '../../src/model/catalog/load-catalog.ts';
import { SITEMAP_LIMITS, sitemapFiles, sitemapXml } from '../../src/request/machine/sitemap-xml.ts';
import { robotsTxt } from '../../src/request/machine/robots-txt.ts';
import type { Catalog } from '../../src/model/catalog/catalog.ts';
import type { ArticleSummary } from '../../src/request/api/public/article-source.ts';
import { generateContent } from '../../scripts/generate-content.ts';

const SITE = 'https://example.com';
const tags = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([^<]+)</${tag}>`, 'g'))].map((m) => m[1]!);
const blog: ArticleSummary[] = Array.from({ length: 30 }, (_, i) => ({
  title: `Post ${i}`,
  slug: `p-${i}`,
  url: `${SITE}/blog/p-${i}/`,
  updated_at: `2026-10-${String((i % 28) + 1).padStart(2, '0')}T10:00:00Z`,
}));

let dir: string;
let content: SiteContent;
beforeAll(() => {
  dir = generateContent(400);
  content = loadCatalog(dir, SITE);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every URL the site has: its catalog's pages, the blog index and its articles. */
const siteUrls = (catalog: Catalog) => [...catalog.pages.map((p) => p.url), `${SITE}/blog/`, ...blog.map((a) => a.url)].sort();

describe('sitemaps past the protocol limits', () => {
  it('is one urlset when the site fits, the same bytes sitemapXml gives', async () => {
    const files = await sitemapFiles(content.catalog, blog);
    expect([...files.keys()]).toEqual(['/sitemap.xml']);
    expect(files.get('/sitemap.xml')).toBe(await sitemapXml(content.catalog, blog));
    expect(files.get('/sitemap.xml')).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><urlset /);
  });

  it('becomes an index of per-section children, each within the limits, every URL exactly once', async () => {
    const limits = { urls: 100, bytes: 9_000 };
    const files = await sitemapFiles(content.catalog, blog, limits);
    const index = files.get('/sitemap.xml')!;
    expect(index).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?><sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const children = tags(index, 'loc');
    expect(children.map((u) => u.replace(SITE, ''))).toEqual([...files.keys()].slice(1));
    expect(children.length).toBeGreaterThan(5);
    for (const c of children) expect(c).toMatch(/^https:\/\/example\.com\/sitemaps\/[a-z0-9-]+-\d+\.xml$/);
    expect(children.filter((c) => c.includes('/sitemaps/glossary-')).length).toBeGreaterThan(2);
    expect(children).toContain(`${SITE}/sitemaps/blog-1.xml`);
    const locs: string[] = [];
    for (const [path, xml] of [...files].slice(1)) {
      const urls = tags(xml, 'loc');
      expect(urls.length, path).toBeLessThanOrEqual(limits.urls);
      expect(Buffer.byteLength(xml), path).toBeLessThanOrEqual(limits.bytes);
      expect(xml, path).toMatch(/<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
      // Each child holds one section only.
      const section = path.replace(/^\/sitemaps\/|-\d+\.xml$/g, '');
      if (section === 'glossary') for (const u of urls) expect(u).toMatch(/^https:\/\/example\.com\/glossary\//);
      locs.push(...urls);
    }
    expect(locs.sort()).toEqual(siteUrls(content.catalog));
    // lastmod: each URL its content's `updated`; each child the latest of its URLs.
    const term = content.catalog.terms[0]!;
    const withTerm = [...files].find(([, xml]) => xml.includes(`<loc>${term.url}</loc>`))!;
    expect(withTerm[1]).toContain(`<url><loc>${term.url}</loc><lastmod>${term.updated}</lastmod></url>`);
    const childLastmod = new RegExp(`<loc>${SITE}${withTerm[0]}</loc><lastmod>(\\d{4}-\\d{2}-\\d{2})</lastmod>`).exec(index)![1];
    expect(childLastmod).toBe(tags(withTerm[1], 'lastmod').sort().at(-1));
    expect(index).toContain(`<loc>${SITE}/sitemaps/blog-1.xml</loc><lastmod>2026-10-28</lastmod>`);
  });

  it('splits by size as well as by count', async () => {
    const files = await sitemapFiles(content.catalog, [], { urls: 50_000, bytes: 4_000 });
    expect(files.size).toBeGreaterThan(10);
    for (const [path, xml] of [...files].slice(1)) expect(Buffer.byteLength(xml), path).toBeLessThanOrEqual(4_000);
  });

  it('robots.txt names the index and every child', async () => {
    const files = await sitemapFiles(content.catalog, blog, { urls: 100, bytes: 9_000 });
    const robots = robotsTxt(SITE, [...files.keys()]);
    const named = [...robots.matchAll(/^Sitemap: (\S+)$/gm)].map((m) => m[1]);
    expect(named).toEqual([...files.keys()].map((p) => `${SITE}${p}`));
    expect(robotsTxt(SITE)).toMatch(/\nSitemap: https:\/\/example\.com\/sitemap\.xml\n/);
  });

  it('at the real limit, 50,001 URLs make an index whose children hold each once', async () => {
    const base = content.catalog;
    const template = base.pages.find((p) => p.kind === 'glossary')!;
    const others = base.pages.filter((p) => p.kind !== 'glossary');
    const pages = [
      ...others,
      ...Array.from({ length: 50_001 - others.length }, (_, i) => ({
        ...template,
        path: `/glossary/t-${i}/`,
        url: `${SITE}/glossary/t-${i}/`,
      })),
    ];
    expect(pages).toHaveLength(SITEMAP_LIMITS.urls + 1);
    const files = await sitemapFiles({ ...base, pages }, []);
    expect(files.get('/sitemap.xml')).toContain('<sitemapindex');
    const children = [...files].slice(1);
    const locs = children.flatMap(([, xml]) => tags(xml, 'loc'));
    expect(locs).toHaveLength(50_001);
    expect(new Set(locs).size).toBe(50_001);
    for (const [, xml] of children) expect(tags(xml, 'loc').length).toBeLessThanOrEqual(50_000);
    await expect(sitemapXml({ ...base, pages }, [])).rejects.toThrow(/50001 URLs is over what one sitemap may hold/);
  });
});
