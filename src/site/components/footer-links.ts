// The footer's links to the pages of one kind (each audience and resource), computed once per content: the footer is
// on every page, and a scan of every page per page was quadratic in the site's size (a 100,000-term glossary).
import type { Catalog } from '../../model/catalog/catalog.ts';

export type FooterLink = readonly [path: string, label: string];

const byCatalog = new WeakMap<Catalog, Map<string, FooterLink[]>>();

/** The pages of `kind` as footer links, by label ("Skribra for x" shown as "For x"). */
export function footerLinksOfKind(catalog: Catalog, kind: string): FooterLink[] {
  let kinds = byCatalog.get(catalog);
  if (!kinds) {
    kinds = new Map();
    for (const p of catalog.pages) {
      const links = kinds.get(p.kind) ?? [];
      links.push([p.path, p.title.replace(/^Skribra for /, 'For ')]);
      kinds.set(p.kind, links);
    }
    for (const links of kinds.values()) links.sort((a, b) => a[1].localeCompare(b[1]));
    byCatalog.set(catalog, kinds);
  }
  return kinds.get(kind) ?? [];
}
