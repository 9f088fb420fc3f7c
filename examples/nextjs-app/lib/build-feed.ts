// The whole project from the sync feed, once per build. The feed carries whole articles, 100 to a request that
// counts as one list request (300 an hour), so N articles cost ceil(N/100) requests; one articles.get per page would
// spend the 600-an-hour detail quota and stop the build at 600 articles.
import type { OwnArticle, OwnArticleCard } from '@skribra/content';
import { handoffEntry, handoffList } from './feed-handoff';
import { projectId, skribra } from './skribra';

/** What a slug answers at build: render the article, or redirect. A slug the feed does not have is unknown. */
export type FeedEntry =
  | { kind: 'article'; article: OwnArticle; noindex: boolean }
  | { kind: 'redirect'; location: string; permanent: boolean };

/** What the list page shows of an article: the list endpoint's cards have it too. */
export type ListedArticle = Pick<OwnArticleCard, 'id' | 'slug' | 'title' | 'excerpt'>;

export interface BuildFeed {
  bySlug: Map<string, FeedEntry>;
  /** Every listed article (noindex ones too, as the list endpoint has them), newest first. */
  listed: ListedArticle[];
}

// Module state lives as long as the process: right for a build, wrong for a server, where it would never see an
// edit. So only build-time code reads it (isBuild() in article-by-slug.ts and app/blog/page.tsx).
let feed: Promise<BuildFeed> | undefined;

/** The full sync, made at most once in this process. generateStaticParams calls it first, then hands it off. */
export function buildFeed(): Promise<BuildFeed> {
  feed ??= skribra.sync(projectId).then(({ upserted, removed }) => {
    const bySlug = new Map<string, FeedEntry>();
    for (const article of upserted) bySlug.set(article.slug, { kind: 'article', article, noindex: article.noindex === true });
    // A full sync leaves out articles unpublished before it began (unknown, so 404) and carries every redirect in
    // force with its target, so a redirect needs no detail request either.
    for (const r of removed) {
      if (r.reason === 'redirected' && r.redirect_to)
        bySlug.set(r.slug, { kind: 'redirect', location: r.redirect_to, permanent: r.redirect_type === 'permanent' });
      else bySlug.delete(r.slug);
    }
    const listed = upserted
      .slice()
      .sort((a, b) => (b.published_at ?? '').localeCompare(a.published_at ?? ''))
      .map(({ id, slug, title, excerpt }) => ({ id, slug, title, ...(excerpt ? { excerpt } : {}) }));
    return { bySlug, listed };
  });
  return feed;
}

/** One slug's entry for a page being prerendered: from the handoff when there is one, else from this process's sync. */
export async function feedEntry(slug: string): Promise<FeedEntry | undefined> {
  const handed = await handoffEntry(slug);
  return handed === undefined ? (await buildFeed()).bySlug.get(slug) : (handed ?? undefined);
}

export async function feedList(): Promise<ListedArticle[]> {
  return (await handoffList()) ?? (await buildFeed()).listed;
}
