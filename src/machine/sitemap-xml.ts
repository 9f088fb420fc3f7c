import { SitemapStream, streamToPromise } from 'sitemap';
import type { ArticleSummary } from '../api/public/article-source.ts';
import type { Catalog } from '../api/public/catalog.ts';
import { paths } from '../core/urls.ts';

/**
 * /sitemap.xml: every HTML page of the catalog with its `updated` date as lastmod, then the blog (its index and
 * every article, lastmod from updated_at or published_at). Up to 50,000 URLs, the protocol's limit for one file.
 */
export async function sitemapXml(catalog: Catalog, blog: readonly ArticleSummary[] = []): Promise<string> {
  const entries: { url: string; lastmod?: string }[] = catalog.pages.map((p) => ({ url: p.url, lastmod: p.updated }));
  const blogIndex = `${catalog.site_url}${paths.blog}`;
  if (blog.length && !entries.some((e) => e.url === blogIndex)) {
    entries.push({ url: blogIndex, lastmod: blog.map((a) => a.updated_at ?? a.published_at).filter(Boolean).sort().at(-1) });
  }
  for (const a of blog) entries.push({ url: a.url, lastmod: a.updated_at ?? a.published_at });
  if (entries.length > 50_000) throw new Error(`sitemap: ${entries.length} URLs is over the 50,000 a sitemap may hold; split it into a sitemap index`);
  const stream = new SitemapStream({ lastmodDateOnly: true, xmlns: { news: false, xhtml: false, image: false, video: false } });
  for (const e of entries) stream.write(e.lastmod ? e : { url: e.url });
  stream.end();
  return (await streamToPromise(stream)).toString('utf8');
}
