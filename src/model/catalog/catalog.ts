import type { GlossaryCategory, GlossaryTerm } from '../schemas/glossary.ts';
import type { Page } from '../schemas/page.ts';
import type { Pricing } from '../schemas/pricing.ts';
import { normalise, type SearchIndex } from '../core/search.ts';
import { listsOf, type CollectionLists } from './collections.ts';

/** Bumped whenever the shape below changes; a function refuses an artifact of another format. */
export const CATALOG_FORMAT = 3;

/**
 * Every public resource, already serialised: what the public handler serves and every other output is made from.
 * Besides the pages, the glossary and pricing, one list per declared collection (collections.ts), by its key.
 */
export type Catalog = {
  format: number;
  build_id: string;
  site_url: string;
  pages: Page[];
  categories: GlossaryCategory[];
  /** Full terms (sections, key points, sources); list views project them. */
  terms: GlossaryTerm[];
  pricing: Pricing;
} & CollectionLists;

/** A glossary term as lists show it: without its long fields (sections, key points, sources). */
export type TermListItem = Omit<GlossaryTerm, 'sections' | 'key_points' | 'sources'>;
export const termListItem = ({ sections: _s, key_points: _k, sources: _o, ...rest }: GlossaryTerm): TermListItem => rest;

/**
 * What the public handlers read, by position, so that a request touches only what it answers: in memory over a
 * whole Catalog (the build, tests), or over the build's artifacts file by file (load-artifacts.ts), where the small
 * collections are read at start and pages, terms and the search index only when and as far as a request needs them.
 * Positions are indexes into `catalog.pages` and `catalog.terms`.
 */
export type CatalogAccess = CollectionLists & {
  build_id: string;
  site_url: string;
  categories: GlossaryCategory[];
  pricing: Pricing;
  pageCount: number;
  pages(ids: readonly number[]): Page[];
  pageIdsOfKind(kind: string): readonly number[];
  termCount: number;
  termItems(ids: readonly number[]): TermListItem[];
  fullTerms(ids: readonly number[]): GlossaryTerm[];
  termIdsOfCategory(category: string): readonly number[];
  /** Every term's normalised title and definition, for `q`. */
  termText(): readonly (readonly [string, string])[];
  termId(slug: string): number | undefined;
  search(): SearchIndex | undefined;
};

/** Set on a Catalog whose pages and terms live in files: the handlers use this instead of the arrays. */
export const CATALOG_ACCESS = Symbol('catalog access');

const lazy = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};
const indexBy = <T>(items: readonly T[], key: (item: T) => string) => {
  const out = new Map<string, number[]>();
  items.forEach((item, i) => {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(i);
    else out.set(k, [i]);
  });
  return out;
};

/** The access over a whole catalog in memory (and its search index, when given). */
export function accessOf(catalog: Catalog, index?: SearchIndex): CatalogAccess {
  const withAccess = (catalog as Catalog & { [CATALOG_ACCESS]?: CatalogAccess })[CATALOG_ACCESS];
  if (withAccess) return withAccess;
  const byKind = lazy(() => indexBy(catalog.pages, (p) => p.kind));
  const items = lazy(() => catalog.terms.map(termListItem));
  const byCategory = lazy(() => indexBy(catalog.terms, (t) => t.category));
  const text = lazy(() => catalog.terms.map((t) => [normalise(t.title), normalise(t.definition)] as const));
  const slugs = lazy(() => new Map(catalog.terms.map((t, i) => [t.slug, i])));
  return {
    build_id: catalog.build_id,
    site_url: catalog.site_url,
    categories: catalog.categories,
    ...listsOf(catalog),
    pricing: catalog.pricing,
    get pageCount() {
      return catalog.pages.length;
    },
    pages: (ids) => ids.map((i) => catalog.pages[i]!),
    pageIdsOfKind: (kind) => byKind().get(kind) ?? [],
    get termCount() {
      return catalog.terms.length;
    },
    termItems: (ids) => ids.map((i) => items()[i]!),
    fullTerms: (ids) => ids.map((i) => catalog.terms[i]!),
    termIdsOfCategory: (category) => byCategory().get(category) ?? [],
    termText: text,
    termId: (slug) => slugs().get(slug),
    search: () => index,
  };
}
