// The list: every listed article. The build takes it from the feed it already has (no request of its own); a
// regeneration reads the list endpoint, ceil(N/100) list requests, so it happens when the webhook says something
// changed, or hourly as a fallback.
import Link from 'next/link';
import { feedList, type ListedArticle } from '../../lib/build-feed';
import { isBuild } from '../../lib/is-build';
import { projectId, skribra } from '../../lib/skribra';

export const revalidate = 3600;

async function listedArticles(): Promise<ListedArticle[]> {
  if (isBuild()) return feedList();
  const cards: ListedArticle[] = [];
  for await (const card of skribra.articles.all(projectId, { sort: 'published_at', order: 'desc' })) cards.push(card);
  return cards;
}

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
