// The structured data of a blog article: the stored json_ld when the article has it, completed so the
// Article/BlogPosting object always names its headline, dates, image, author and publisher and points at this site.
import type { ArticleRow } from '../../store/repos/articles.ts';
import { authorJsonLd, organization } from './article-author.ts';

type JsonLd = Record<string, unknown>;

const ARTICLE_TYPES = new Set(['Article', 'BlogPosting', 'NewsArticle', 'TechArticle']);
const isArticle = (o: JsonLd) => [o['@type']].flat().some((t) => typeof t === 'string' && ARTICLE_TYPES.has(t));

type ImageFields = Pick<ArticleRow, 'image_url' | 'image_alt' | 'image_width' | 'image_height'>;

/** The cover as schema.org `image`: an ImageObject when its size or description is known, else its URL. */
export function imageJsonLd({ image_url, image_alt, image_width, image_height }: ImageFields): JsonLd | string[] | undefined {
  if (!image_url) return undefined;
  const sized = image_width && image_height ? { width: image_width, height: image_height } : {};
  if (!image_alt && !Object.keys(sized).length) return [image_url];
  return { '@type': 'ImageObject', url: image_url, ...sized, ...(image_alt ? { caption: image_alt } : {}) };
}

/** The target keyword and the tags, once each: schema.org `keywords` as one comma-separated text. */
const keywordsOf = (row: Pick<ArticleRow, 'keyword' | 'tags'>) =>
  [...new Set([row.keyword, ...(row.tags ?? [])].filter((k): k is string => Boolean(k)))].join(', ');

export function articleJsonLd(row: ArticleRow, site: string, url: string): JsonLd[] {
  const stored = (Array.isArray(row.json_ld) ? row.json_ld : []).filter(
    (o): o is JsonLd => Boolean(o) && typeof o === 'object' && !Array.isArray(o),
  );
  const image = imageJsonLd(row);
  const keywords = keywordsOf(row);
  const defaults: JsonLd = {
    headline: row.title,
    ...(row.meta_description || row.excerpt ? { description: row.meta_description ?? row.excerpt } : {}),
    ...(image ? { image } : {}),
    datePublished: new Date(row.published_at).toISOString(),
    dateModified: new Date(row.last_edited ?? row.updated_at).toISOString(),
    author: authorJsonLd(row.author, site),
    publisher: organization(site),
    ...(keywords ? { keywords } : {}),
  };
  // What the page shows from the article's own fields (its byline, described cover and lang) wins over the stored
  // JSON-LD, so the structured data says what a reader sees. A bare image URL does not: stored images may be richer.
  const shown: JsonLd = {
    ...(row.author ? { author: defaults.author } : {}),
    ...(image && !Array.isArray(image) ? { image } : {}),
    ...(row.language ? { inLanguage: row.language } : {}),
  };
  // Other stored values win, except the address: this page, on this site, is the article's home.
  const complete = (o: JsonLd): JsonLd => ({
    '@context': 'https://schema.org',
    ...defaults,
    ...o,
    ...shown,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
  });
  if (stored.some(isArticle)) return stored.map((o) => (isArticle(o) ? complete(o) : o));
  return [complete({ '@type': 'BlogPosting' }), ...stored];
}
