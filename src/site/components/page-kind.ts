/**
 * A page's kind, as the search index's `kind` filter names it (Base.astro marks each page with it): the catalog's
 * kind of the page at that path (glossary, tool, doc...), `blog` under /blog/, else `page`.
 */
import { siteContent } from '../data/site-content.ts';

const byCatalog = new WeakMap<object, Map<string, string>>();

export function pageKindOf(path: string): string {
  const { catalog } = siteContent();
  let kinds = byCatalog.get(catalog);
  if (!kinds) byCatalog.set(catalog, (kinds = new Map(catalog.pages.map((p) => [p.path, p.kind]))));
  return kinds.get(path) ?? (path.startsWith('/blog/') ? 'blog' : 'page');
}
