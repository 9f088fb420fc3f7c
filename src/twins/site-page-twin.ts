import type { ArticleSummary } from '../api/public/article-source.ts';
import type { Catalog } from '../catalog/catalog.ts';
import type { Page } from '../schemas/page.ts';
import { paths } from '../core/urls.ts';
import { blocks, head, inline, link, section } from './blocks.ts';
import { footer } from './footer.ts';
import { pricingBlock } from './pricing-block.ts';

const items = (rows: { title: string; url: string; text?: string }[]): string =>
  rows.map((r) => `- ${link(r.title, r.url)}${r.text ? `: ${inline(r.text)}` : ''}`).join('\n');

/** What a page with its own route shows besides its body: the same lists as its HTML. */
function listsOf(path: string, catalog: Catalog, blog: readonly ArticleSummary[] | undefined): (string | undefined)[] {
  const { agents, features, tools, comparisons, categories, terms } = catalog;
  switch (path) {
    case paths.home: return [
      section('Meet the agents', items(agents.map((a) => ({ title: a.name, url: a.url, text: a.tagline })))),
      section('Features', items(features.map((f) => ({ title: f.title, url: f.url, text: f.tagline })))),
    ];
    case paths.agents: return [section('Agents', items(agents.map((a) => ({ title: a.name, url: a.url, text: `${a.tagline} (${a.kind === 'recommend' ? 'recommends, you approve' : 'autonomous'})` }))))];
    case paths.features: return [section('Features', items(features.map((f) => ({ title: f.title, url: f.url, text: f.tagline }))))];
    case paths.tools: return [section('Tools', items(tools.map((t) => ({ title: t.title, url: t.url, text: `${t.description} (${t.runs_on === 'server' ? 'runs on our servers' : 'runs in your browser'})` }))))];
    case paths.comparisons: return [section('Comparisons', items(comparisons.map((c) => ({ title: c.title, url: c.url, text: c.description }))))];
    case paths.pricing: return [pricingBlock(catalog.pricing)];
    case paths.glossary: return categories.map((c) => section(c.label, `${link(`${c.label} glossary`, c.url)}: ${inline(c.description)}\n\n${items(terms.filter((t) => t.category === c.slug).map((t) => ({ title: t.title, url: t.url })))}`));
    case paths.blog: return [section('Articles', items((blog ?? []).map((a) => ({ title: a.title, url: a.markdown_url ?? a.url, text: a.excerpt }))))];
    default: return [];
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
