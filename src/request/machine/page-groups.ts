import type { Page } from '../../model/schemas/page.ts';
import type { Catalog } from '../../model/catalog/catalog.ts';
import { COLLECTIONS } from '../../model/catalog/collections.ts';

export interface PageGroup {
  name: string;
  pages: Page[];
  optional: boolean;
}

/**
 * Reading order of the site's sections: the company's pages, the collections' sections in their declared order, then
 * the hand-written sections; a section not listed here comes after them, before Optional.
 */
const ORDER = ['Company', ...[...COLLECTIONS].sort((a, b) => a.order - b.order).map((c) => c.section), 'Docs', "Who it's for", 'Resources'];
/** Long reference lists an agent may skip (llms.txt's `## Optional`). */
const OPTIONAL = new Set(['Glossary']);

/**
 * Every page exactly once, grouped by its section (pages without one are "Company"), the home page first.
 * Shared by llms.txt and llms-full.txt so both read in the same order.
 */
export function groupPages(pages: readonly Page[]): PageGroup[] {
  const groups = new Map<string, Page[]>();
  for (const p of pages) {
    const name = p.section ?? 'Company';
    const list = groups.get(name);
    if (list) list.push(p);
    else groups.set(name, [p]);
  }
  const rank = (name: string) => (OPTIONAL.has(name) ? 1000 : ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b, 'en'))
    .map(([name, list]) => ({
      name,
      optional: OPTIONAL.has(name),
      // The section's index page (the shortest path) leads its group; home leads the site.
      pages: [...list].sort(
        (a, b) => (a.path === '/' ? -1 : b.path === '/' ? 1 : 0) || a.path.split('/').length - b.path.split('/').length,
      ),
    }));
}

/**
 * A section's pages in smaller groups, for the per-section llms lists: glossary terms by their category (the
 * category's page leads its group), anything else in one group named after the section. Every page exactly once.
 */
export function subgroupPages(group: PageGroup, catalog: Pick<Catalog, 'terms' | 'categories'>): { name: string; pages: Page[] }[] {
  const categoryOfUrl = new Map<string, string>();
  for (const c of catalog.categories) categoryOfUrl.set(c.url, c.slug);
  for (const t of catalog.terms) categoryOfUrl.set(t.url, t.category);
  const names = new Map(catalog.categories.map((c) => [c.slug, c.label]));
  const out = new Map<string, Page[]>();
  for (const p of group.pages) {
    const slug = categoryOfUrl.get(p.url);
    const name = (slug && names.get(slug)) ?? group.name;
    const list = out.get(name);
    if (list) list.push(p);
    else out.set(name, [p]);
  }
  return [...out].map(([name, pages]) => ({ name, pages }));
}
