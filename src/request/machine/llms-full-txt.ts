import type { ArticleSummary } from '../api/public/article-source.ts';
import type { Catalog } from '../../model/catalog/catalog.ts';
import { markdownPath } from '../../model/core/urls.ts';
import type { Page } from '../../model/schemas/page.ts';
import { link } from '../../model/twins/blocks.ts';
import { articleLine } from '../../model/twins/article-line.ts';
import { groupPages } from './page-groups.ts';

const SEPARATOR = '\n\n---\n\n';

/**
 * /llms-full.txt as a sequence of chunks, one per page: every page's twin, in llms.txt order, one after another.
 * Blog articles are linked, not inlined: their bodies are long and change often, and each has its own twin. The
 * writer streams the chunks to the file (src/build-time/write-machine-readable.ts), so at 100,000 pages the file (about
 * 170 MB) is never one string; `twinOf` may render each twin on demand for the same reason.
 */
export function* llmsFullChunks(
  catalog: Catalog,
  twinOf: (page: Page) => string | undefined,
  blog: readonly ArticleSummary[] = [],
): Generator<string> {
  const site = catalog.site_url;
  yield `# Skribra: the whole site\n\nEvery page of ${site} as markdown, in one file. The index of it: ${link('llms.txt', `${site}/llms.txt`)}. Each page below starts with its title as a level-one heading and ends with a link to its HTML.`;
  for (const group of groupPages(catalog.pages)) {
    for (const page of group.pages) {
      const twin = twinOf(page);
      if (twin === undefined) throw new Error(`llms-full.txt: no twin for ${page.path}`);
      yield `${SEPARATOR}${twin.trim()}`;
    }
  }
  yield llmsFullBlogPart(blog);
  yield '\n';
}

/** The blog's part of /llms-full.txt, its last before the final newline: articles linked, not inlined. */
const llmsFullBlogPart = (blog: readonly ArticleSummary[]): string =>
  blog.length
    ? `${SEPARATOR}# Blog\n\nArticles are linked, not included; each is available as markdown at its link.\n\n${blog.map(articleLine).join('\n')}`
    : '';

/** /llms-full.txt as one string, from twins by twin path (tests, small sites). */
export function llmsFullTxt(catalog: Catalog, twins: ReadonlyMap<string, string>, blog: readonly ArticleSummary[] = []): string {
  return [...llmsFullChunks(catalog, (page) => twins.get(markdownPath(page.path)), blog)].join('');
}
