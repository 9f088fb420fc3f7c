// A stored blog article as the store returns it (every column, nulls where unset), for tests of the pure mappers
// that need no database.
import type { ArticleRow } from '../../src/store/repos/articles.ts';

export const SITE = 'https://blog.test';

export function articleRow(extra: Partial<ArticleRow> = {}): ArticleRow {
  const at = new Date('2026-03-01T10:00:00Z');
  return {
    id: 'art_1',
    project_id: 'prj_1',
    title: 'Search intent',
    slug: 'search-intent',
    content_html: '<h2 id="why">Why</h2><p>Body.</p>',
    excerpt: 'Match the page to the query.',
    meta_description: null,
    image_url: null,
    image_alt: null,
    image_width: null,
    image_height: null,
    image_placeholder: null,
    image_color: null,
    type: 'guide',
    reading_time: 5,
    keyword: 'search intent',
    tags: [],
    author: null,
    language: null,
    url: null,
    toc_html: null,
    last_change_summary: null,
    body_images: [],
    related_articles: [],
    sources: [],
    json_ld: [],
    target_date: null,
    redirect_to: null,
    redirect_type: null,
    noindex: false,
    unpublished: false,
    retired: false,
    published_at: at,
    created_at: at,
    updated_at: at,
    last_edited: null,
    ...extra,
  };
}

/** A cover with its description and size, as the house blog's articles have. */
export const described = {
  image_url: 'https://images.example/search-intent.webp',
  image_alt: 'A search box with three suggestions',
  image_width: 1600,
  image_height: 900,
} satisfies Partial<ArticleRow>;
