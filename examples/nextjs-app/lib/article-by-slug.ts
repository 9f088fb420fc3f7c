// What one slug answers: render, redirect or gone. At build from the feed (no detail request); at request time, for a
// slug the build did not see or a page being revalidated, from articles.get, which always has the current state.
import { cache } from 'react';
import type { ArticleResult } from '@skribra/content';
import { feedEntry, type FeedEntry } from './build-feed';
import { isBuild } from './is-build';
import { projectId, skribra } from './skribra';

export type ArticleAnswer = FeedEntry | { kind: 'gone' };

// cache(): generateMetadata and the page ask for the same slug in one render; this makes it one request, not two.
export const articleBySlug = cache(async (slug: string): Promise<ArticleAnswer> => {
  if (isBuild()) {
    const entry = await feedEntry(slug);
    if (entry) return entry;
  }
  const result: ArticleResult = await skribra.articles.get(projectId, slug);
  return result;
});
