import { SitemapIndexStream, SitemapStream, streamToPromise } from 'sitemap';
import type { ArticleSummary } from '../api/public/article-source.ts';
import type { Catalog } from '../../model/catalog/catalog.ts';
import { paths } from '../../model/core/urls.ts';
import { groupPages } from './page-groups.ts';

/** The sitemaps protocol's limits for one file: 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 52_428_800 } as const;
export type SitemapLimits = { urls: number; bytes: number };

/** Where the child sitemaps live when /sitemap.xml is an index. */
export const SITEMAP_CHILD_DIR = '/sitemaps';
/** The blog's section: its child sitemaps are `/sitemaps/blog-1.xml` and on. */
const BLOG_SECTION = 'blog';

interface Entry {
  url: string;
  lastmod?: string;
}
interface Section {
  slug: string;
  entries: Entry[];
}

// What one <url> costs beyond its escaped loc: the tags and a date-only lastmod; the head and tail of a file.
const ENTRY_OVERHEAD = '<url><loc></loc><lastmod>2026-01-01</lastmod></url>'.length;
const FILE_OVERHEAD = 200;
const escapedLength = (url: string) => Buffer.byteLength(url.replace(/[&<>"']/g, '&quot;'));

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'pages';

/** The blog's URLs: its index (unless the catalog has it), then every article, lastmod from updated_at or published_at. */
function blogEntries(catalog: Pick<Catalog, 'site_url' | 'pages'>, blog: readonly ArticleSummary[]): Entry[] {
  const entries: Entry[] = [];
  const blogIndex = `${catalog.site_url}${paths.blog}`;
  if (blog.length && !catalog.pages.some((p) => p.url === blogIndex)) {
    entries.push({
      url: blogIndex,
      lastmod: blog
        .map((a) => a.updated_at ?? a.published_at)
        .filter(Boolean)
        .sort()
        .at(-1),
    });
  }
  for (const a of blog) entries.push({ url: a.url, lastmod: a.updated_at ?? a.published_at });
  return entries;
}

/**
 * Every URL of the site with its lastmod, by section in the llms files' reading order: the catalog's HTML pages
 * (lastmod from `updated`), then the blog (its index, unless the catalog has it, and every article, lastmod from
 * updated_at or published_at).
 */
function sections(catalog: Catalog, blog: readonly ArticleSummary[]): Section[] {
  const out: Section[] = groupPages(catalog.pages).map((g) => ({
    slug: slugOf(g.name),
    entries: g.pages.map((p) => ({ url: p.url, lastmod: p.updated })),
  }));
  const blogs = blogEntries(catalog, blog);
  if (blogs.length) out.push({ slug: BLOG_SECTION, entries: blogs });
  return out;
}

/** The entries in the order the single sitemap has always listed them: catalog order, then the blog. */
function flatEntries(catalog: Catalog, blog: readonly ArticleSummary[]): Entry[] {
  return [...catalog.pages.map((p) => ({ url: p.url, lastmod: p.updated })), ...blogEntries(catalog, blog)];
}

async function urlset(entries: readonly Entry[]): Promise<string> {
  const stream = new SitemapStream({ lastmodDateOnly: true, xmlns: { news: false, xhtml: false, image: false, video: false } });
  for (const e of entries) stream.write(e.lastmod ? e : { url: e.url });
  stream.end();
  return (await streamToPromise(stream)).toString('utf8');
}

const bytesOf = (entries: readonly Entry[]) => entries.reduce((n, e) => n + escapedLength(e.url) + ENTRY_OVERHEAD, FILE_OVERHEAD);

/** Splits a section into runs of at most `limits.urls` URLs and `limits.bytes` bytes each. */
function chunk(entries: readonly Entry[], limits: SitemapLimits): Entry[][] {
  const out: Entry[][] = [];
  let run: Entry[] = [];
  let bytes = FILE_OVERHEAD;
  for (const e of entries) {
    const size = escapedLength(e.url) + ENTRY_OVERHEAD;
    if (run.length && (run.length >= limits.urls || bytes + size > limits.bytes)) {
      out.push(run);
      run = [];
      bytes = FILE_OVERHEAD;
    }
    run.push(e);
    bytes += size;
  }
  if (run.length) out.push(run);
  return out;
}

const latest = (entries: readonly Entry[]) =>
  entries.reduce<string | undefined>((max, e) => (e.lastmod && (!max || new Date(e.lastmod) > new Date(max)) ? e.lastmod : max), undefined);

/**
 * The sitemap files by path. Within the protocol's limits, one /sitemap.xml listing every URL (byte for byte what
 * it has always been). Past them, /sitemap.xml is a sitemap index and the URLs are in child sitemaps under
 * /sitemaps/, one run per section (`glossary-1.xml`, `glossary-2.xml`, ...), each within the limits; the index
 * gives each child the latest lastmod of its URLs. `limits` is injectable so tests can cross it with a small site.
 */
export async function sitemapFiles(
  catalog: Catalog,
  blog: readonly ArticleSummary[] = [],
  limits: SitemapLimits = SITEMAP_LIMITS,
): Promise<Map<string, string>> {
  const entries = flatEntries(catalog, blog);
  if (entries.length <= limits.urls && bytesOf(entries) <= limits.bytes) return new Map([['/sitemap.xml', await urlset(entries)]]);
  const files = new Map<string, string>();
  const children: Entry[] = [];
  for (const section of sections(catalog, blog)) {
    const runs = chunk(section.entries, limits);
    for (const [i, run] of runs.entries()) {
      const path = `${SITEMAP_CHILD_DIR}/${section.slug}-${i + 1}.xml`;
      files.set(path, await urlset(run));
      children.push({ url: `${catalog.site_url}${path}`, lastmod: latest(run) });
    }
  }
  return new Map([['/sitemap.xml', await indexXml(children)], ...files]);
}

/**
 * /sitemap.xml as one file: every HTML page of the catalog with its `updated` date as lastmod, then the blog.
 * Refuses more than one sitemap may hold; sitemapFiles() splits instead.
 */
export async function sitemapXml(catalog: Catalog, blog: readonly ArticleSummary[] = []): Promise<string> {
  const files = await sitemapFiles(catalog, blog);
  if (files.size > 1)
    throw new Error(`sitemap: ${flatEntries(catalog, blog).length} URLs is over what one sitemap may hold; use sitemapFiles()`);
  return files.get('/sitemap.xml')!;
}

/** What lies between a sitemap's (or index's) opening tag and its closing tag. */
const inner = (xml: string, tag: 'urlset' | 'sitemapindex') =>
  xml.slice(xml.indexOf('>', xml.indexOf(`<${tag}`)) + 1, xml.lastIndexOf(`</${tag}>`));

async function indexXml(children: readonly Entry[]): Promise<string> {
  const index = new SitemapIndexStream({ lastmodDateOnly: true });
  for (const c of children) index.write(c.lastmod ? c : { url: c.url });
  index.end();
  return (await streamToPromise(index)).toString('utf8');
}

/**
 * The sitemaps with the blog left out, for a build whose blog is answered on request: the static files, and
 * /sitemap.xml as the text before and after the blog's part (sitemapBlogPart). Within the protocol's limits the
 * blog's URLs go at the end of the one sitemap; past them (decided by the catalog's own URLs), its child sitemaps
 * at the end of the index. Joined, they are byte for byte what sitemapFiles() writes with the blog.
 */
export async function sitemapParts(
  catalog: Catalog,
  limits: SitemapLimits = SITEMAP_LIMITS,
): Promise<{ files: Map<string, string>; before: string; after: string; index: boolean }> {
  const entries = flatEntries(catalog, []);
  if (entries.length <= limits.urls && bytesOf(entries) <= limits.bytes) {
    const xml = await urlset(entries);
    const end = xml.lastIndexOf('</urlset>');
    return { files: new Map(), before: xml.slice(0, end), after: xml.slice(end), index: false };
  }
  const files = await sitemapFiles(catalog, [], limits);
  const xml = files.get('/sitemap.xml')!;
  files.delete('/sitemap.xml');
  const end = xml.lastIndexOf('</sitemapindex>');
  return { files, before: xml.slice(0, end), after: xml.slice(end), index: true };
}

/**
 * The blog's part of /sitemap.xml (its URLs, or its child sitemaps' entries when /sitemap.xml is an index) and, for
 * an index, the child sitemaps themselves by path.
 */
export async function sitemapBlogPart(
  catalog: Pick<Catalog, 'site_url' | 'pages'>,
  blog: readonly ArticleSummary[],
  index: boolean,
  limits: SitemapLimits = SITEMAP_LIMITS,
): Promise<{ part: string; children: Map<string, string> }> {
  const entries = blogEntries(catalog, blog);
  if (!entries.length) return { part: '', children: new Map() };
  if (!index) return { part: inner(await urlset(entries), 'urlset'), children: new Map() };
  const children = new Map<string, string>();
  const listed: Entry[] = [];
  for (const [i, run] of chunk(entries, limits).entries()) {
    const path = `${SITEMAP_CHILD_DIR}/${BLOG_SECTION}-${i + 1}.xml`;
    children.set(path, await urlset(run));
    listed.push({ url: `${catalog.site_url}${path}`, lastmod: latest(run) });
  }
  return { part: inner(await indexXml(listed), 'sitemapindex'), children };
}

/** Whether `path` is one of the blog's child sitemaps (answered on request). */
export const isBlogSitemap = (path: string): boolean => new RegExp(`^${SITEMAP_CHILD_DIR}/${BLOG_SECTION}-[1-9][0-9]*\\.xml$`).test(path);
