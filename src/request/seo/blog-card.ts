// The card drawn for a blog answer on request (src/request/blog/live-blog.ts): an article's (its Open Graph image, or the
// half-size cover on the index), or a page of the index's, at the width its kind is drawn at.
import { BLOG_DESCRIPTION, BLOG_TITLE, type BlogIndexPage } from '../blog/blog-index.ts';
import type { FullArticle } from '../blog/public-article.ts';
import { articleCard, blogIndexCard, type OgCard } from './og-cards.ts';
import { COVER_WIDTH, OG_WIDTH } from './og-images.ts';

export function blogCard(of: { article: FullArticle } | { index: BlogIndexPage }, kind: 'og' | 'covers'): { card: OgCard; width: number } {
  const card = 'article' in of ? articleCard(of.article) : blogIndexCard(of.index, { title: BLOG_TITLE, description: BLOG_DESCRIPTION });
  return { card, width: kind === 'og' ? OG_WIDTH : COVER_WIDTH };
}
