import type { ArticleSummary } from '../api/public/article-source.ts';
import type { SiteContent } from '../catalog/load-catalog.ts';
import { markdownPath } from '../core/urls.ts';
import type { Page } from '../schemas/page.ts';
import { agentTwin } from './agent-twin.ts';
import { comparisonTwin } from './comparison-twin.ts';
import { featureTwin } from './feature-twin.ts';
import { glossaryCategoryTwin } from './glossary-category-twin.ts';
import { glossaryTermTwin } from './glossary-term-twin.ts';
import { sitePageTwin } from './site-page-twin.ts';
import { toolTwin } from './tool-twin.ts';

const byUrl = <T extends { url?: string }>(items: readonly T[], page: Page): T => {
  const found = items.find((i) => i.url === page.url);
  if (!found) throw new Error(`no ${page.kind} behind page ${page.path}`);
  return found;
};

/** The twin of one catalog page, from the same serialised resource the API and the HTML use. */
export function twinOf(page: Page, { catalog, bodies }: SiteContent, blog?: readonly ArticleSummary[]): string {
  const body = bodies.get(page.path);
  switch (page.kind) {
    case 'glossary': return glossaryTermTwin(byUrl(catalog.terms, page), catalog);
    case 'glossary-category': return glossaryCategoryTwin(page, byUrl(catalog.categories, page), catalog);
    case 'tool': return toolTwin(byUrl(catalog.tools, page), body);
    case 'agent': return agentTwin(byUrl(catalog.agents, page), body);
    case 'feature': return featureTwin(byUrl(catalog.features, page), catalog);
    case 'comparison': return comparisonTwin(byUrl(catalog.comparisons, page));
    default: return sitePageTwin(page, body, catalog, blog);
  }
}

/**
 * Every page's twin by twin path (`/glossary/seo.md`). Blog articles, when given, only fill the `/blog/` index;
 * their own twins come from the blog's converter.
 */
export function buildTwins(content: SiteContent, blog?: readonly ArticleSummary[]): Map<string, string> {
  const twins = new Map<string, string>();
  for (const page of content.catalog.pages) twins.set(markdownPath(page.path), twinOf(page, content, blog));
  return twins;
}
