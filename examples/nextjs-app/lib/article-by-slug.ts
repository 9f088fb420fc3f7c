// What one slug answers: render, redirect or gone. At build from the feed (no detail request); at request time, for a
// slug the build did not see or a page being revalidated, from articles.get, which always has the current state.
import { unstable_cache } from 'next/cache';
import { cache } from 'react';
import type { ArticleResult } from '@skribra/content';
import { feedEntry, type FeedEntry } from './build-feed';
import { articleTag } from './cache-tags';
import { isBuild } from './is-build';
import { projectId, skribra } from './skribra';

export type ArticleAnswer = FeedEntry | { kind: 'gone' };

async function answerOf(slug: string): Promise<ArticleAnswer> {
  if (isBuild()) {
    const entry = await feedEntry(slug);
    if (entry) return entry;
  }
  const result: ArticleResult = await skribra.articles.get(projectId, slug);
  return result;
}

// cache(): generateMetadata and the page ask for the same slug in one render; this makes it one request, not two.
// unstable_cache tags the answer (and so the page) with the article's tag, which the webhook and, in development,
// the change stream revalidate (lib/cache-tags.ts); a day is the fallback for a missed change, as the page's own.
export const articleBySlug = cache(
  (slug: string): Promise<ArticleAnswer> =>
    unstable_cache(() => answerOf(slug), ['skribra-article', slug], { tags: [articleTag(slug)], revalidate: 86400 })(),
);
