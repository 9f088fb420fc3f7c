// One article: rendered, redirected (consolidation) or 404 (unpublished), exactly as articles.get says.
import type { Metadata } from 'next';
import { notFound, permanentRedirect, redirect } from 'next/navigation';
import { projectId, skribra } from '../../../lib/skribra';

type Props = { params: Promise<{ slug: string }> };

export const revalidate = 300;
// Slugs published after the build are rendered on first request, then cached like the others.
export const dynamicParams = true;

export async function generateStaticParams(): Promise<{ slug: string }[]> {
  const params: { slug: string }[] = [];
  for await (const card of skribra.articles.all(projectId)) params.push({ slug: card.slug });
  return params;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const result = await skribra.articles.get(projectId, (await params).slug);
  if (result.kind !== 'article') return {};
  return {
    title: result.article.title,
    description: result.article.meta_description,
    // noindex: rendered for readers, kept out of search engines.
    robots: result.noindex ? { index: false, follow: true } : undefined,
  };
}

export default async function ArticlePage({ params }: Props) {
  const result = await skribra.articles.get(projectId, (await params).slug);
  switch (result.kind) {
    case 'gone':
      notFound();
    case 'redirect':
      if (result.permanent) permanentRedirect(result.location);
      redirect(result.location);
    case 'article': {
      const { article } = result;
      return (
        <main>
          <article>
            <h1>{article.title}</h1>
            {article.toc_html ? <nav dangerouslySetInnerHTML={{ __html: article.toc_html }} /> : null}
            {/* content_html is trusted, pre-sanitised HTML: the body only. */}
            <div dangerouslySetInnerHTML={{ __html: article.content_html }} />
          </article>
          {article.json_ld.map((ld, i) => (
            <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(ld) }} />
          ))}
        </main>
      );
    }
  }
}
