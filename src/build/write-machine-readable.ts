import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ArticleSummary } from '../api/public/article-source.ts';
import { ARTIFACT_DIR } from '../api/public/load-artifacts.ts';
import type { SiteContent } from '../catalog/load-catalog.ts';
import { NOT_FOUND_MARKDOWN } from '../core/negotiate.ts';
import { apiCatalog, API_CATALOG_PATH } from '../machine/api-catalog.ts';
import { llmsFullTxt } from '../machine/llms-full-txt.ts';
import { llmsTxt } from '../machine/llms-txt.ts';
import { openApiJson, openApiYaml } from '../machine/openapi/openapi-document.ts';
import { robotsTxt } from '../machine/robots-txt.ts';
import { sitemapXml } from '../machine/sitemap-xml.ts';
import { buildTwins } from '../twins/build-twins.ts';
import { notFoundTwin } from '../twins/not-found-twin.ts';

/**
 * Writes every page's markdown twin and the machine-readable files into the build output, straight from the
 * catalog (DESIGN rule 8). `blog` adds the blog's articles to the sitemap and llms files, `blogTwins` the blog
 * pages' twins. Returns the number of files written.
 */
export async function writeMachineReadable(outDir: string, content: SiteContent, blog: readonly ArticleSummary[] = [], blogTwins: ReadonlyMap<string, string> = new Map()): Promise<number> {
  const site = content.catalog.site_url;
  const twins = buildTwins(content, blog);
  // The blog's own twins (src/blog/blog-twins.ts) are files and negotiable paths, but never inlined in llms-full.txt.
  const files = new Map<string, string>([...twins, ...blogTwins]);
  files.set(NOT_FOUND_MARKDOWN, notFoundTwin(site));
  files.set('/llms.txt', llmsTxt(content.catalog, blog));
  files.set('/llms-full.txt', llmsFullTxt(content.catalog, twins, blog));
  files.set('/sitemap.xml', await sitemapXml(content.catalog, blog));
  files.set('/robots.txt', robotsTxt(site));
  files.set(API_CATALOG_PATH, `${JSON.stringify(apiCatalog(site), null, 2)}\n`);
  const json = openApiJson(site);
  const yaml = openApiYaml(site);
  for (const prefix of ['', '/api']) {
    files.set(`${prefix}/openapi.json`, json);
    files.set(`${prefix}/openapi.yaml`, yaml);
  }
  // The edge functions' list of twins (netlify/edge-functions/markdown*.ts): they cannot look at the file system.
  files.set(`/${ARTIFACT_DIR}/markdown-paths.json`, JSON.stringify([...twins.keys(), ...blogTwins.keys(), NOT_FOUND_MARKDOWN]));
  const made = new Set<string>();
  for (const [path, body] of files) {
    const file = join(outDir, path);
    const dir = dirname(file);
    if (!made.has(dir)) mkdirSync(dir, { recursive: true });
    made.add(dir);
    writeFileSync(file, body);
  }
  return files.size;
}
