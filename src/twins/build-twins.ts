import type { ArticleSummary } from '../api/public/article-source.ts';
import type { SiteContent } from '../catalog/load-catalog.ts';
import { markdownPath } from '../core/urls.ts';
import type { Page } from '../schemas/page.ts';
import type { Agent } from '../schemas/agent.ts';
import type { Comparison } from '../schemas/comparison.ts';
import type { Feature } from '../schemas/feature.ts';
import type { GlossaryCategory, GlossaryTerm } from '../schemas/glossary.ts';
import type { Tool } from '../schemas/tool.ts';
import { agentTwin } from './agent-twin.ts';
import { comparisonTwin } from './comparison-twin.ts';
import { featureTwin } from './feature-twin.ts';
import { glossaryCategoryTwin } from './glossary-category-twin.ts';
import { glossaryTermTwin } from './glossary-term-twin.ts';
import { sitePageTwin } from './site-page-twin.ts';
import { toolTwin } from './tool-twin.ts';

/** Lookups made once per build: a twin per page must not scan the catalog (10,000 terms would make it quadratic). */
export function indexCatalog(catalog: SiteContent['catalog']) {
  const byUrl = new Map<string, unknown>();
  for (const list of [catalog.terms, catalog.categories, catalog.tools, catalog.agents, catalog.features, catalog.comparisons]) {
    for (const item of list) if (item.url) byUrl.set(item.url, item);
  }
  return { byUrl, termsBySlug: new Map(catalog.terms.map((t) => [t.slug, t])) };
}
export type CatalogIndex = ReturnType<typeof indexCatalog>;

/** The twin of one catalog page, from the same serialised resource the API and the HTML use. */
export function twinOf(page: Page, { catalog, bodies }: SiteContent, blog?: readonly ArticleSummary[], index = indexCatalog(catalog)): string {
  const body = bodies.get(page.path);
  const resource = <T>() => {
    const found = index.byUrl.get(page.url);
    if (!found) throw new Error(`no ${page.kind} behind page ${page.path}`);
    return found as T;
  };
  switch (page.kind) {
    case 'glossary': return glossaryTermTwin(resource<GlossaryTerm>(), catalog, index.termsBySlug);
    case 'glossary-category': return glossaryCategoryTwin(page, resource<GlossaryCategory>(), catalog);
    case 'tool': return toolTwin(resource<Tool>(), body);
    case 'agent': return agentTwin(resource<Agent>(), body);
    case 'feature': return featureTwin(resource<Feature>(), catalog);
    case 'comparison': return comparisonTwin(resource<Comparison>());
    default: return sitePageTwin(page, body, catalog, blog);
  }
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
