import type { ArticleSummary } from '../api/public/article-source.ts';
import type { Catalog } from '../../model/catalog/catalog.ts';
import type { Page } from '../../model/schemas/page.ts';
import { inline, link } from '../../model/twins/blocks.ts';
import { articleLine } from '../../model/twins/article-line.ts';
import { groupPages, subgroupPages, type PageGroup } from './page-groups.ts';
import { MCP_SERVERS } from '../api/mcp/servers.ts';
import { markdownPath } from '../../model/core/urls.ts';

const line = (title: string, url: string, note?: string) => `- ${link(title, url)}${note ? `: ${inline(note)}` : ''}`;
const pageLine = (p: Page) => line(p.title, p.markdown_url, p.description);

/**
 * An Optional section longer than this many link lines moves to a file of its own (/llms/<section>.txt), linked
 * from llms.txt: an index an agent reads whole should stay a few thousand lines at most.
 */
export const LLMS_LIST_LIMIT = 2_000;
/** Where the per-section lists live. */
export const LLMS_SECTION_DIR = '/llms';

const sectionSlug = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'pages';
export const llmsSectionPath = (group: Pick<PageGroup, 'name'>) => `${LLMS_SECTION_DIR}/${sectionSlug(group.name)}.txt`;

/** A per-section list in the llms.txt format: H1, blockquote, then one H2 per subgroup (a glossary's categories). */
function sectionFile(catalog: Catalog, group: PageGroup): string {
  const site = catalog.site_url;
  const subgroups = subgroupPages(group, catalog);
  const out = [
    `# Skribra: ${group.name}`,
    '',
    `> Every page of the ${group.name} section of ${site} (${group.pages.length.toLocaleString('en')} pages), each linked to its markdown twin, in ${subgroups.length} groups. The index of the whole site: ${link('llms.txt', `${site}/llms.txt`)}.`,
  ];
  for (const sub of subgroups) out.push('', `## ${sub.name}`, '', ...sub.pages.map(pageLine));
  return `${out.join('\n')}\n`;
}

/**
 * /llms.txt in the llmstxt.org format: H1 name, blockquote summary, a paragraph, then H2 sections of link lines
 * (every page once, linked to its markdown twin) and `## Optional` for the glossary. Blog articles, when given,
 * get a section of their own (llmsBlogPart) before Optional. An Optional section past `limit` lines is a link to its
 * own list file (llmsFiles).
 */
export function llmsTxt(catalog: Catalog, blog: readonly ArticleSummary[] = [], limit = LLMS_LIST_LIMIT): string {
  const { before, after } = llmsTxtParts(catalog, limit);
  return `${before}${llmsBlogPart(blog)}${after}`;
}

/** The blog's section of /llms.txt (agents' text, escaped as the blog's twins escape it); empty without articles. */
export const llmsBlogPart = (blog: readonly ArticleSummary[]): string =>
  blog.length ? `\n\n## Blog\n\n${blog.map(articleLine).join('\n')}` : '';

/** /llms.txt without the blog: the text before its section and after it (the blog's part is answered on request). */
export function llmsTxtParts(catalog: Catalog, limit = LLMS_LIST_LIMIT): { before: string; after: string } {
  const site = catalog.site_url;
  const home = catalog.pages.find((p) => p.path === '/');
  const out = [
    '# Skribra',
    '',
    `> ${inline(home?.description ?? 'An automated SEO content engine: named AI agents research, write, illustrate, publish and refresh long-form articles.')}`,
    '',
    `Every page of ${site} is also served as markdown: append \`.md\` to its path (the home page is ${site}/index.md) or send \`Accept: text/markdown\`. The links below point at those markdown twins. The whole site in one file: ${link('llms-full.txt', `${site}/llms-full.txt`)}. The APIs: ${link('OpenAPI 3.1 description', `${site}/openapi.json`)}, ${link('public API index', `${site}/api/v1/`)}, ${link('API catalog', `${site}/.well-known/api-catalog`)}. MCP servers for agents (Streamable HTTP): ${link('the site', `${site}${MCP_SERVERS.site.path}`)}, no key, and ${link('your account', `${site}${MCP_SERVERS.account.path}`)}, with your API key; how to connect: ${link('MCP docs', `${site}${markdownPath(MCP_SERVERS.site.docs)}`)}.`,
  ];
  const sections = groupPages(catalog.pages);
  for (const group of sections.filter((g) => !g.optional)) out.push('', `## ${group.name}`, '', ...group.pages.map(pageLine));
  const rest: string[] = [];
  const optional = sections.filter((g) => g.optional);
  if (optional.length) {
    rest.push('', '## Optional', '');
    for (const group of optional) {
      if (group.pages.length <= limit) {
        rest.push(...group.pages.map(pageLine));
        continue;
      }
      const subgroups = subgroupPages(group, catalog);
      rest.push(
        line(
          `${group.name}: every page`,
          `${site}${llmsSectionPath(group)}`,
          `${group.pages.length.toLocaleString('en')} pages in ${subgroups.length} groups (${subgroups.map((s) => s.name).join(', ')}), one link line each, in the llms.txt format`,
        ),
      );
    }
  }
  return { before: out.join('\n'), after: `${rest.map((l) => `\n${l}`).join('')}\n` };
}

/** /llms.txt and, for each Optional section past `limit` lines, its list file (paths under the site root). */
export function llmsFiles(catalog: Catalog, blog: readonly ArticleSummary[] = [], limit = LLMS_LIST_LIMIT): Map<string, string> {
  const files = new Map([['/llms.txt', llmsTxt(catalog, blog, limit)]]);
  for (const group of groupPages(catalog.pages)) {
    if (group.optional && group.pages.length > limit) files.set(llmsSectionPath(group), sectionFile(catalog, group));
  }
  return files;
}
