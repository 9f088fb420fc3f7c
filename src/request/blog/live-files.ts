// The machine files whose blog part the store decides: /llms.txt and /sitemap.xml (with the blog's child sitemaps
// when it is an index). The build writes each without the blog, as the text before and after the blog's part
// (writeLiveParts); a request joins them around the part made from the store's articles (liveFile). Joined, they
// are what the build wrote with the blog before it was answered on request. /llms-full.txt stays a file of the build,
// its blog links as the build read them: the whole site in one file (161 MB at 100,000 terms) is past what a
// function may answer (Netlify: 20 MB streamed), and its blog part is links only.
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ArticleSummary } from '../api/public/article-source.ts';
import { ARTIFACT_DIR } from '../api/public/load-artifacts.ts';
import type { Catalog } from '../../model/catalog/catalog.ts';
import { llmsFullChunks } from '../machine/llms-full-txt.ts';
import { llmsBlogPart, llmsTxtParts } from '../machine/llms-txt.ts';
import { isBlogSitemap, sitemapBlogPart, sitemapParts } from '../machine/sitemap-xml.ts';
import type { Page } from '../../model/schemas/page.ts';

export const LIVE_FILES = ['/llms.txt', '/sitemap.xml'] as const;
type LiveFile = (typeof LIVE_FILES)[number];

/** In the build's output: the text of `path` before (or after) the blog's part. */
export const livePart = (path: LiveFile, side: 'before' | 'after'): string => `/${ARTIFACT_DIR}/live${path}.${side}`;
/** In the build's output: `{ "sitemapIndex": boolean }`, whether /sitemap.xml is an index of child sitemaps. */
export const LIVE_RECORD = `/${ARTIFACT_DIR}/live/record.json`;

/** Whether the blog's part of the answer at `path` comes from the store: a live file or a blog child sitemap. */
export const isLiveFile = (path: string): boolean => (LIVE_FILES as readonly string[]).includes(path) || isBlogSitemap(path);

/**
 * Writes the live files' parts, the static sitemaps and /llms-full.txt (with `blog`, the articles the build read)
 * into `outDir`; `twinOf` renders a page's twin for llms-full.txt, which is streamed to its file, never held whole.
 * Returns the static sitemap paths (robots.txt).
 */
export async function writeLiveParts(
  outDir: string,
  catalog: Catalog,
  twinOf: (page: Page) => string,
  blog: readonly ArticleSummary[],
): Promise<string[]> {
  const write = (path: string, body: string) => {
    mkdirSync(dirname(join(outDir, path)), { recursive: true });
    writeFileSync(join(outDir, path), body);
  };
  const full = openSync(join(outDir, 'llms-full.txt'), 'w');
  try {
    for (const chunk of llmsFullChunks(catalog, twinOf, blog)) writeSync(full, chunk);
  } finally {
    closeSync(full);
  }
  const llms = llmsTxtParts(catalog);
  write(livePart('/llms.txt', 'before'), llms.before);
  write(livePart('/llms.txt', 'after'), llms.after);
  const sitemap = await sitemapParts(catalog);
  write(livePart('/sitemap.xml', 'before'), sitemap.before);
  write(livePart('/sitemap.xml', 'after'), sitemap.after);
  for (const [path, xml] of sitemap.files) write(path, xml);
  write(LIVE_RECORD, JSON.stringify({ sitemapIndex: sitemap.index }));
  return ['/sitemap.xml', ...sitemap.files.keys()];
}

/**
 * The body of the live file at `path` for the blog's articles `blog` (newest first), from the build's parts
 * (`read` gives a file of the build as text); undefined when the build has no such file (a blog child sitemap past
 * the last).
 */
export async function liveFile(
  path: string,
  blog: readonly (ArticleSummary & { noindex?: boolean })[],
  site: string,
  read: (path: string) => string | undefined,
): Promise<string | undefined> {
  const parts = (p: LiveFile) => [read(livePart(p, 'before')), read(livePart(p, 'after'))] as const;
  const catalog = { site_url: site, pages: [] };
  if (path === '/llms.txt') {
    const [before, after] = parts(path);
    if (before === undefined || after === undefined) return undefined;
    return `${before}${llmsBlogPart(blog)}${after}`;
  }
  const record = read(LIVE_RECORD);
  if (record === undefined) return undefined;
  const { sitemapIndex } = JSON.parse(record) as { sitemapIndex: boolean };
  // An article marked noindex is on the blog, not in the sitemap.
  const indexed = blog.filter((a) => !a.noindex);
  const { part, children } = await sitemapBlogPart(catalog, indexed, sitemapIndex);
  if (path !== '/sitemap.xml') return children.get(path);
  const [before, after] = parts('/sitemap.xml');
  return before === undefined || after === undefined ? undefined : `${before}${part}${after}`;
}
