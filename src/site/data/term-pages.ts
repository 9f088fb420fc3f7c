// What a glossary term page renders from (src/site/pages/glossary/[slug].astro), and which term pages a build renders:
// the term page cache (src/build-time/term-page-cache.ts) plans them, the page's getStaticPaths reads the plan.
import type { Catalog } from '../../model/catalog/catalog.ts';
import type { CatalogIndex } from '../../model/catalog/build-twins.ts';
import type { GlossaryCategory, GlossaryTerm } from '../../model/schemas/glossary.ts';
import { catalogIndex, siteContent } from './site-content.ts';

/** Everything a term page shows: the page renders from these and the site settings alone. */
export interface TermPageProps {
  site: string;
  term: GlossaryTerm;
  category: GlossaryCategory;
  related: { url: string; title: string }[];
}

export function termPageProps(catalog: Catalog, { termsBySlug }: CatalogIndex): TermPageProps[] {
  const categories = new Map(catalog.categories.map((c) => [c.slug, c]));
  return catalog.terms.map((term) => ({
    site: catalog.site_url,
    term,
    category: categories.get(term.category)!,
    related: (term.related_terms ?? []).flatMap((s) => {
      const t = termsBySlug.get(s);
      return t ? [{ url: t.url, title: t.title }] : [];
    }),
  }));
}

// On globalThis: the integration plans, and the page's getStaticPaths reads the plan from its own bundled module.
const KEY = Symbol.for('skribra.termPagePlan');
const slot = globalThis as unknown as Record<symbol, TermPageProps[] | undefined>;

/** Sets the term pages this build renders (those the cache lacks); undefined once the build has stored them. */
export const setTermPagesToRender = (render: TermPageProps[] | undefined): void => {
  slot[KEY] = render;
};

/** The term pages to render: the plan's (a build), else every term (`astro dev`, which keeps no cache). */
export const termPagesToRender = (): TermPageProps[] => slot[KEY] ?? termPageProps(siteContent().catalog, catalogIndex());
