// One article: rendered (noindex ones with a robots meta), redirected (consolidation) or 404 (unpublished or unknown).
// The build prerenders every slug from one sync of the feed, with no detail request (lib/build-feed.ts).
import type { Metadata } from 'next';
import Image from 'next/image';
import { notFound, permanentRedirect, redirect } from 'next/navigation';
import { articleBySlug } from '../../../lib/article-by-slug';
import { buildFeed } from '../../../lib/build-feed';
import { writeFeedHandoff } from '../../../lib/feed-handoff';
import { isBuild } from '../../../lib/is-build';
import { blurProps, optimizedBody } from '../../../lib/images';

type Props = { params: Promise<{ slug: string }> };

// The webhook route revalidates a page the moment its article changes; this is the fallback when a delivery is
// missed. Each regeneration is one detail request, so it stays long: at a day, N pages cost at most N/24 an hour.
export const revalidate = 86400;
// Slugs published after the build are rendered on first request (one detail request), then cached like the others.
export const dynamicParams = true;

export async function generateStaticParams(): Promise<{ slug: string }[]> {
  const feed = await buildFeed();
  // Left on disk for the workers that prerender the pages, so they do not sync again (lib/feed-handoff.ts).
  if (isBuild()) await writeFeedHandoff(feed);
  // Redirects are prerendered too (as 308 or 307 with their Location): the feed already says where each one goes.
  return [...feed.bySlug.keys()].map((slug) => ({ slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const answer = await articleBySlug((await params).slug);
  if (answer.kind !== 'article') return {};
  return {
    title: answer.article.title,
    description: answer.article.meta_description,
    // noindex: rendered for readers, kept out of search engines.
    robots: answer.noindex ? { index: false, follow: true } : undefined,
  };
}

export default async function ArticlePage({ params }: Props) {
  const answer = await articleBySlug((await params).slug);
  switch (answer.kind) {
    case 'gone':
      notFound();
    case 'redirect':
      // permanentRedirect answers 308, redirect 307: the method-preserving forms of 301 and 302.
      if (answer.permanent) permanentRedirect(answer.location);
      redirect(answer.location);
    case 'article': {
      const { article } = answer;
      return (
        <main>
          <article>
            <h1>{article.title}</h1>
            {article.image_url && article.image_width && article.image_height ? (
              // The cover is the page's largest paint: loaded first, at its intrinsic size, blurred placeholder until then.
              <Image
                src={article.image_url}
                alt={article.image_alt ?? ''}
                width={article.image_width}
                height={article.image_height}
                sizes={`(min-width: ${article.image_width}px) ${article.image_width}px, 100vw`}
                priority
                style={{ width: '100%', height: 'auto', backgroundColor: article.image_color }}
                {...blurProps(article.image_placeholder)}
              />
            ) : null}
            {article.toc_html ? <nav dangerouslySetInnerHTML={{ __html: article.toc_html }} /> : null}
            {/* content_html is trusted, pre-sanitised HTML: the body only, its images measured (lib/images.ts). */}
            <div dangerouslySetInnerHTML={{ __html: optimizedBody(article) }} />
          </article>
          {article.json_ld.map((ld, i) => (
            <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(ld) }} />
          ))}
        </main>
      );
    }
  }
}
