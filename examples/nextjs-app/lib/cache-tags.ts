// The cache tags this app's data carries (lib/article-by-slug.ts, app/blog/page.tsx), and the one call that
// revalidates what a change of one article touches: its page and the list. An article's slug never changes (a
// consolidation redirects it instead), so the slug a change names is the tag to revalidate.
import { revalidateTag } from 'next/cache';

export const LIST_TAG = 'skribra:list';
export const articleTag = (slug: string) => `skribra:article:${slug}`;

export function revalidateArticle(slug: string): void {
  // Expired at once: the next visit renders the current state (a 404 right after an unpublish), not a stale copy.
  revalidateTag(articleTag(slug), { expire: 0 });
  revalidateTag(LIST_TAG, { expire: 0 });
}
