import type { ArticleSummary } from '../schemas/article.ts';
import type { Catalog } from './catalog.ts';
import type { Page } from '../schemas/page.ts';
import { paths } from '../core/urls.ts';
import { blocks, head, inline, link, section } from '../twins/blocks.ts';
import { footer } from '../twins/footer.ts';
import { pricingBlock } from '../twins/pricing-block.ts';
import { COLLECTIONS } from './collections.ts';
import type { Collection } from './collection.ts';

const items = (rows: { title: string; url: string; text?: string }[]): string =>
  rows.map((r) => `- ${link(r.title, r.url)}${r.text ? `: ${inline(r.text)}` : ''}`).join('\n');

/** What a page with its own route shows besides its body: the same lists as its HTML. */
function listsOf(path: string, catalog: Catalog, blog: readonly ArticleSummary[] | undefined): (string | undefined)[] {
  const { categories, terms } = catalog;
  const entries = (c: Collection) => catalog[c.key as keyof Catalog] as { url: string }[];
  const lines = (c: Collection) => items(entries(c).map((item) => c.line(item)));
  const teasers = (c: Collection) =>
    items(
      entries(c)
        .map((item) => ({ ...c.page(item), url: item.url }))
        .map(({ title, url, description }) => ({ title, url, text: description })),
    );
  // A collection's index page lists its entries; the home page, the collections that say so.
  const index = COLLECTIONS.find((c) => c.route === path);
  if (index) return [section(index.section, lines(index))];
  switch (path) {
    case paths.home:
      return COLLECTIONS.filter((c) => c.home).map((c) => section(c.home!, teasers(c)));
    case paths.pricing:
      return [pricingBlock(catalog.pricing)];
    case paths.glossary:
      return categories.map((c) =>
        section(
          c.label,
          `${link(`${c.label} glossary`, c.url)}: ${inline(c.description)}\n\n${items(terms.filter((t) => t.category === c.slug).map((t) => ({ title: t.title, url: t.url })))}`,
        ),
      );
    case paths.blog:
      return [section('Articles', items((blog ?? []).map((a) => ({ title: a.title, url: a.markdown_url ?? a.url, text: a.excerpt }))))];
    default:
      return [];
  }
}

/** A hand-written page (home, docs, audiences, resources, collection indexes): title, description, body, lists. */
export function sitePageTwin(page: Page, body: string | undefined, catalog: Catalog, blog?: readonly ArticleSummary[]): string {
  const lists = listsOf(page.path, catalog, blog);
  // Pricing shows its plans before the billing questions, as the HTML does; other pages put their lists last.
  const plansFirst = page.path === paths.pricing;
  return blocks(
    head(page.title, page.description),
    page.section && page.path !== paths.home && `Section: ${inline(page.section)}`,
    ...(plansFirst ? lists : []),
    body,
    ...(plansFirst ? [] : lists),
    footer(page.url, page.updated),
  );
}
