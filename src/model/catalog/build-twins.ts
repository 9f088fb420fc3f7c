import type { ArticleSummary } from '../schemas/article.ts';
import type { SiteContent } from './load-catalog.ts';
import { markdownPath } from '../core/urls.ts';
import type { Page } from '../schemas/page.ts';
import type { GlossaryCategory, GlossaryTerm } from '../schemas/glossary.ts';
import { glossaryCategoryTwin } from '../twins/glossary-category-twin.ts';
import { glossaryTermTwin } from '../twins/glossary-term-twin.ts';
import { COLLECTIONS, listsOf, type CollectionLists } from './collections.ts';
import type { Collection } from './collection.ts';
import { sitePageTwin } from './site-page-twin.ts';

const byKind = new Map<string, Collection>(COLLECTIONS.map((c) => [c.kind, c]));

/** Lookups made once per build: a twin per page must not scan the catalog (10,000 terms would make it quadratic). */
export function indexCatalog(catalog: SiteContent['catalog']) {
  const byUrl = new Map<string, unknown>();
  for (const list of [catalog.terms, catalog.categories, ...Object.values(listsOf(catalog))] as readonly { url?: string }[][]) {
    for (const item of list) if (item.url) byUrl.set(item.url, item);
  }
  return { byUrl, termsBySlug: new Map(catalog.terms.map((t) => [t.slug, t])) };
}
export type CatalogIndex = ReturnType<typeof indexCatalog>;

/** The twin of one catalog page, from the same serialised resource the API and the HTML use. */
export function twinOf(
  page: Page,
  { catalog, bodies }: SiteContent,
  blog?: readonly ArticleSummary[],
  index = indexCatalog(catalog),
): string {
  const body = bodies.get(page.path);
  const resource = <T>() => {
    const found = index.byUrl.get(page.url);
    if (!found) throw new Error(`no ${page.kind} behind page ${page.path}`);
    return found as T;
  };
  if (page.kind === 'glossary') return glossaryTermTwin(resource<GlossaryTerm>(), catalog, index.termsBySlug);
  if (page.kind === 'glossary-category') return glossaryCategoryTwin(page, resource<GlossaryCategory>(), catalog);
  const collection = byKind.get(page.kind);
  if (collection) return collection.twin(resource(), body, listsOf(catalog) as CollectionLists);
  return sitePageTwin(page, body, catalog, blog);
}

/**
 * Every page's twin by twin path (`/glossary/seo.md`). Blog articles, when given, only fill the `/blog/` index;
 * their own twins come from the blog's converter.
 */
export function buildTwins(content: SiteContent, blog?: readonly ArticleSummary[]): Map<string, string> {
  const twins = new Map<string, string>();
  const index = indexCatalog(content.catalog);
  for (const page of content.catalog.pages) twins.set(markdownPath(page.path), twinOf(page, content, blog, index));
  return twins;
}
