import type { ArticleSummary } from '../api/public/article-source.ts';
import type { Catalog } from '../api/public/catalog.ts';
import { inline, link } from '../twins/blocks.ts';
import { groupPages } from './page-groups.ts';

const line = (title: string, url: string, note?: string) => `- ${link(title, url)}${note ? `: ${inline(note)}` : ''}`;

/**
 * /llms.txt in the llmstxt.org format: H1 name, blockquote summary, a paragraph, then H2 sections of link lines
 * (every page once, linked to its markdown twin) and `## Optional` for the glossary. Blog articles, when given,
 * get a section of their own.
 */
export function llmsTxt(catalog: Catalog, blog: readonly ArticleSummary[] = []): string {
  const site = catalog.site_url;
  const home = catalog.pages.find((p) => p.path === '/');
  const out = [
    '# Skribra',
    '',
    `> ${inline(home?.description ?? 'An automated SEO content engine: named AI agents research, write, illustrate, publish and refresh long-form articles.')}`,
    '',
    `Every page of ${site} is also served as markdown: append \`.md\` to its path (the home page is ${site}/index.md) or send \`Accept: text/markdown\`. The links below point at those markdown twins. The whole site in one file: ${link('llms-full.txt', `${site}/llms-full.txt`)}. The APIs: ${link('OpenAPI 3.1 description', `${site}/openapi.json`)}, ${link('public API index', `${site}/api/v1/`)}, ${link('API catalog', `${site}/.well-known/api-catalog`)}.`,
  ];
  const sections = groupPages(catalog.pages);
  for (const group of sections.filter((g) => !g.optional)) {
    out.push('', `## ${group.name}`, '', ...group.pages.map((p) => line(p.title, p.markdown_url, p.description)));
  }
  if (blog.length) out.push('', '## Blog', '', ...blog.map((a) => line(a.title, a.markdown_url ?? a.url, a.excerpt)));
  const optional = sections.filter((g) => g.optional).flatMap((g) => g.pages);
  if (optional.length) out.push('', '## Optional', '', ...optional.map((p) => line(p.title, p.markdown_url, p.description)));
  return `${out.join('\n')}\n`;
}
