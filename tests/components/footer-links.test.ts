// The footer's links to the pages of one kind: sorted by label, "Skribra for x" shown as "For x", and computed once
// per content (issue 49: the footer filtered every page of the site on every page, quadratic in the site's size).
import { describe, expect, it } from 'vitest';
import { footerLinksOfKind } from '../../src/site/components/footer-links.ts';
import type { Catalog } from '../../src/model/catalog/catalog.ts';

const page = (kind: string, path: string, title: string) => ({ kind, path, title });
const catalog = (pages: ReturnType<typeof page>[]) => ({ pages }) as unknown as Catalog;

describe('footer links of a kind', () => {
  it('are the pages of that kind, by label, with "Skribra for" shortened', () => {
    const c = catalog([
      page('audience', '/for/saas/', 'Skribra for SaaS teams'),
      page('glossary', '/glossary/a/', 'A'),
      page('audience', '/for/agencies/', 'Skribra for agencies'),
      page('resource', '/guides/', 'Guides'),
    ]);
    expect(footerLinksOfKind(c, 'audience')).toEqual([
      ['/for/agencies/', 'For agencies'],
      ['/for/saas/', 'For SaaS teams'],
    ]);
    expect(footerLinksOfKind(c, 'resource')).toEqual([['/guides/', 'Guides']]);
    expect(footerLinksOfKind(c, 'tool')).toEqual([]);
  });

  it('reads the pages once per content, not once per page rendered', () => {
    let reads = 0;
    const pages = Array.from({ length: 1000 }, (_, i) => page(i % 2 ? 'glossary' : 'audience', `/p${i}/`, `P${i}`));
    const c = {
      get pages() {
        reads++;
        return pages;
      },
    } as unknown as Catalog;
    for (let i = 0; i < 100; i++) footerLinksOfKind(c, 'audience');
    expect(reads).toBe(1);
    expect(footerLinksOfKind(c, 'audience')).toBe(footerLinksOfKind(c, 'audience'));
  });
});
