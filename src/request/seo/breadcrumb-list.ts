import type { BreadcrumbList } from 'schema-dts';

/** A page's trail from the home page, as [name, root-relative path] pairs ending with the page itself. */
export type Crumbs = readonly (readonly [name: string, path: string])[];

export function breadcrumbList(site: string, crumbs: Crumbs): BreadcrumbList {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map(([name, path], i) => ({ '@type': 'ListItem', position: i + 1, name, item: `${site}${path}` })),
  };
}
