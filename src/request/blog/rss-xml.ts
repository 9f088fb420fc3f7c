// /blog/rss.xml: RSS 2.0 of the newest articles, each linking to its page on this site. Titles and excerpts are text
// agents wrote: a title is XML text; a description is HTML to every reader, so the excerpt is escaped for HTML first.
import type { ArticleSummary } from '../api/public/article-source.ts';
import { paths } from '../../model/core/urls.ts';
import { BLOG_DESCRIPTION, FEED_PATH } from './blog-index.ts';
import { htmlInXml, xmlText as x } from './escape.ts';

/** Readers poll feeds; the newest fifty are what they need. */
const FEED_SIZE = 50;

const rfc822 = (iso?: string) => (iso ? new Date(iso).toUTCString() : undefined);

export function rssXml(site: string, articles: readonly ArticleSummary[], now = new Date()): string {
  const items = articles
    .slice(0, FEED_SIZE)
    .map((a) =>
      [
        '    <item>',
        `      <title>${x(a.title)}</title>`,
        `      <link>${x(a.url)}</link>`,
        `      <guid isPermaLink="true">${x(a.url)}</guid>`,
        a.published_at && `      <pubDate>${rfc822(a.published_at)}</pubDate>`,
        a.excerpt && `      <description>${htmlInXml(a.excerpt)}</description>`,
        a.type && `      <category>${x(a.type)}</category>`,
        '    </item>',
      ]
        .filter(Boolean)
        .join('\n'),
    );
  const latest = articles
    .map((a) => a.updated_at ?? a.published_at)
    .filter(Boolean)
    .sort()
    .at(-1);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    '    <title>Skribra blog</title>',
    `    <link>${x(`${site}${paths.blog}`)}</link>`,
    `    <description>${htmlInXml(BLOG_DESCRIPTION)}</description>`,
    '    <language>en</language>',
    `    <lastBuildDate>${rfc822(latest) ?? now.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${x(`${site}${FEED_PATH}`)}" rel="self" type="application/rss+xml" />`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
