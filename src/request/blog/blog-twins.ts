// The .md twins of the blog pages: each article as the same converted markdown the API serves, and the index
// pages as lists of links to them. Titles, excerpts and names are agents' text: escaped by markdown-text.ts.
import { markdownPath } from '../../model/core/urls.ts';
import { blocks, head, link, section } from '../../model/twins/blocks.ts';
import { markdownLink, markdownText } from '../../model/twins/markdown-text.ts';
import { footer } from '../../model/twins/footer.ts';
import { articleLine } from '../../model/twins/article-line.ts';
import { BLOG_DESCRIPTION, BLOG_TITLE, FEED_PATH, type BlogIndexPage } from './blog-index.ts';
import { bylineOf } from './article-author.ts';
import type { FullArticle } from './public-article.ts';

const day = (iso?: string) => iso?.slice(0, 10);

export function articleTwin(a: FullArticle): string {
  const byline = bylineOf(a.author);
  const meta = [
    `By ${byline.url ? markdownLink(byline.name, byline.url) : markdownText(byline.name)}`,
    a.published_at && `Published ${day(a.published_at)}`,
    a.updated_at && a.updated_at !== a.published_at && `updated ${day(a.updated_at)}`,
    a.reading_time && `${a.reading_time} min read`,
  ]
    .filter(Boolean)
    .join(' · ');
  return blocks(
    head(markdownText(a.title), a.excerpt && markdownText(a.excerpt)),
    meta,
    a.content_markdown,
    section('Related articles', a.related_articles.map((r) => `- ${markdownLink(r.title, r.markdown_url ?? r.url)}`).join('\n')),
    footer(a.url, day(a.updated_at)),
  );
}

/** The twin of one page of the /blog/ index: its articles as lines, and links to the pages around it. */
export function indexTwin(site: string, page: BlogIndexPage): string {
  return blocks(
    head(page.n > 1 ? `${BLOG_TITLE}, page ${page.n} of ${page.total}` : BLOG_TITLE, BLOG_DESCRIPTION),
    section('Articles', page.items.map(articleLine).join('\n') || 'No articles yet.'),
    [
      page.prev && link('Newer articles', `${site}${markdownPath(page.prev)}`),
      page.next && link('Older articles', `${site}${markdownPath(page.next)}`),
    ]
      .filter(Boolean)
      .join(' · '),
    `Feed: ${link('RSS', `${site}${FEED_PATH}`)}`,
    footer(`${site}${page.path}`),
  );
}
