// The list: every listed article. The build takes it from the feed it already has (no request of its own); a
// regeneration reads the list endpoint, ceil(N/100) list requests, so it happens when its tag is revalidated (by the
// webhook, or in development the change stream), or hourly as a fallback.
import { unstable_cache } from 'next/cache';
import Link from 'next/link';
import { feedList, type ListedArticle } from '../../lib/build-feed';
import { LIST_TAG } from '../../lib/cache-tags';
import { isBuild } from '../../lib/is-build';
import { projectId, skribra } from '../../lib/skribra';

export const revalidate = 3600;

// Tagged with the list's tag, which every change of an article revalidates (lib/cache-tags.ts).
const listedArticles = unstable_cache(
  async (): Promise<ListedArticle[]> => {
    if (isBuild()) return feedList();
    const cards: ListedArticle[] = [];
    for await (const { id, slug, title, excerpt } of skribra.articles.all(projectId, { sort: 'published_at', order: 'desc' }))
      cards.push({ id, slug, title, ...(excerpt ? { excerpt } : {}) });
    return cards;
  },
  ['skribra-list'],
  { tags: [LIST_TAG], revalidate: 3600 },
);

export default async function BlogIndex() {
  const articles = await listedArticles();
  return (
    <main>
      <h1>Blog</h1>
      <ul>
        {articles.map((a) => (
          <li key={a.id}>
            <Link href={`/blog/${a.slug}`}>{a.title}</Link>
            {a.excerpt ? <p>{a.excerpt}</p> : null}
          </li>
        ))}
      </ul>
    </main>
  );
}
