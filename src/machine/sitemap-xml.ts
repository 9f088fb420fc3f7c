import { SitemapIndexStream, SitemapStream, streamToPromise } from 'sitemap';
import type { ArticleSummary } from '../api/public/article-source.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { paths } from '../core/urls.ts';
import { groupPages } from './page-groups.ts';

/** The sitemaps protocol's limits for one file: 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 52_428_800 } as const;
export type SitemapLimits = { urls: number; bytes: number };

/** Where the child sitemaps live when /sitemap.xml is an index. */
export const SITEMAP_CHILD_DIR = '/sitemaps';

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
  const blogEntries: Entry[] = [];
  const blogIndex = `${catalog.site_url}${paths.blog}`;
  if (blog.length && !catalog.pages.some((p) => p.url === blogIndex)) {
    blogEntries.push({
      url: blogIndex,
      lastmod: blog
        .map((a) => a.updated_at ?? a.published_at)
        .filter(Boolean)
        .sort()
        .at(-1),
    });
  }
  for (const a of blog) blogEntries.push({ url: a.url, lastmod: a.updated_at ?? a.published_at });
  if (blogEntries.length) out.push({ slug: 'blog', entries: blogEntries });
  return out;
}

/** The entries in the order the single sitemap has always listed them: catalog order, then the blog. */
function flatEntries(catalog: Catalog, blog: readonly ArticleSummary[]): Entry[] {
  const entries: Entry[] = catalog.pages.map((p) => ({ url: p.url, lastmod: p.updated }));
  const blogIndex = `${catalog.site_url}${paths.blog}`;
  if (blog.length && !entries.some((e) => e.url === blogIndex)) {
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
  const children: { url: string; lastmod?: string }[] = [];
  for (const section of sections(catalog, blog)) {
    const runs = chunk(section.entries, limits);
    for (const [i, run] of runs.entries()) {
      const path = `${SITEMAP_CHILD_DIR}/${section.slug}-${i + 1}.xml`;
      files.set(path, await urlset(run));
      const lastmod = latest(run);
      children.push(lastmod ? { url: `${catalog.site_url}${path}`, lastmod } : { url: `${catalog.site_url}${path}` });
    }
  }
  const index = new SitemapIndexStream({ lastmodDateOnly: true });
  for (const c of children) index.write(c);
  index.end();
  return new Map([['/sitemap.xml', (await streamToPromise(index)).toString('utf8')], ...files]);
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
