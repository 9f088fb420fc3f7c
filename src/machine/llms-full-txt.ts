import type { ArticleSummary } from '../api/public/article-source.ts';
import type { Catalog } from '../api/public/catalog.ts';
import { markdownPath } from '../core/urls.ts';
import { inline, link } from '../twins/blocks.ts';
import { groupPages } from './page-groups.ts';

/**
 * /llms-full.txt: every page's twin, in llms.txt order, one after another. Blog articles are linked, not inlined:
 * their bodies are long and change often, and each has its own twin.
 */
export function llmsFullTxt(catalog: Catalog, twins: ReadonlyMap<string, string>, blog: readonly ArticleSummary[] = []): string {
  const site = catalog.site_url;
  const parts = [
    `# Skribra: the whole site\n\nEvery page of ${site} as markdown, in one file. The index of it: ${link('llms.txt', `${site}/llms.txt`)}. Each page below starts with its title as a level-one heading and ends with a link to its HTML.`,
  ];
  for (const group of groupPages(catalog.pages)) {
    for (const page of group.pages) {
      const twin = twins.get(markdownPath(page.path));
      if (twin === undefined) throw new Error(`llms-full.txt: no twin for ${page.path}`);
      parts.push(twin.trim());
    }
  }
  if (blog.length) {
    parts.push(`# Blog\n\nArticles are linked, not included; each is available as markdown at its link.\n\n${blog.map((a) => `- ${link(a.title, a.markdown_url ?? a.url)}${a.excerpt ? `: ${inline(a.excerpt)}` : ''}`).join('\n')}`);
  }
  return `${parts.join('\n\n---\n\n')}\n`;
}
