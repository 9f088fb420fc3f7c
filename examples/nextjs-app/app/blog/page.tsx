// The list: every listed article, rebuilt at most every five minutes (or at once by the webhook route).
import Link from 'next/link';
import type { OwnArticleCard } from '@skribra/content';
import { projectId, skribra } from '../../lib/skribra';

export const revalidate = 300;

export default async function BlogIndex() {
  const articles: OwnArticleCard[] = [];
  for await (const card of skribra.articles.all(projectId, { sort: 'published_at', order: 'desc' })) articles.push(card);
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
