// The structured data of a blog article: the stored json_ld when the article has it, completed so the
// Article/BlogPosting object always names its headline, dates, image, author and publisher and points at this site.
import type { ArticleRow } from '../store/repos/articles.ts';

type JsonLd = Record<string, unknown>;

const ARTICLE_TYPES = new Set(['Article', 'BlogPosting', 'NewsArticle', 'TechArticle']);
const isArticle = (o: JsonLd) => [o['@type']].flat().some((t) => typeof t === 'string' && ARTICLE_TYPES.has(t));

/** Skribra as schema.org Organization: the blog's author (written by its agents) and publisher. */
export const organization = (site: string): JsonLd => ({
  '@type': 'Organization', name: 'Skribra', url: `${site}/`, logo: { '@type': 'ImageObject', url: `${site}/favicon.svg` },
});

export function articleJsonLd(row: ArticleRow, site: string, url: string): JsonLd[] {
  const stored = (Array.isArray(row.json_ld) ? row.json_ld : []).filter((o): o is JsonLd => Boolean(o) && typeof o === 'object' && !Array.isArray(o));
  const facts: JsonLd = {
    headline: row.title,
    ...(row.meta_description || row.excerpt ? { description: row.meta_description ?? row.excerpt } : {}),
    ...(row.image_url ? { image: [row.image_url] } : {}),
    datePublished: new Date(row.published_at).toISOString(),
    dateModified: new Date(row.last_edited ?? row.updated_at).toISOString(),
    author: organization(site),
    publisher: organization(site),
    ...(row.keyword ? { keywords: row.keyword } : {}),
  };
  // Stored values win, except the address: this page, on this site, is the article's home.
  const complete = (o: JsonLd): JsonLd => ({ '@context': 'https://schema.org', ...facts, ...o, url, mainEntityOfPage: { '@type': 'WebPage', '@id': url } });
  if (stored.some(isArticle)) return stored.map((o) => (isArticle(o) ? complete(o) : o));
  return [complete({ '@type': 'BlogPosting' }), ...stored];
}
