import { mkdirSync } from 'node:fs';
import type { ArticleSummary } from '../request/api/public/article-source.ts';
import { dirname, join } from 'node:path';
import type { RateLimits } from '../request/api/content/limits.ts';
import { ARTIFACT_DIR } from '../request/api/public/load-artifacts.ts';
import type { SiteContent } from '../model/catalog/load-catalog.ts';
import { CONTENT_SIGNAL_FILE, NOT_FOUND_MARKDOWN } from '../model/core/negotiate.ts';
import { markdownPath } from '../model/core/urls.ts';
import { apiCatalog, API_CATALOG_PATH } from '../request/machine/api-catalog.ts';
import { llmsFiles } from '../request/machine/llms-txt.ts';
import { openApiJson, openApiYaml } from '../request/machine/openapi/openapi-document.ts';
import { contentSignalValue, robotsTxt } from '../request/machine/robots-txt.ts';
import { LIVE_FILES, writeLiveParts } from '../request/blog/live-files.ts';
import { indexCatalog, twinOf } from '../model/catalog/build-twins.ts';
import { tools } from '../model/catalog/collections/tools.ts';
import { notFoundTwin } from '../model/twins/not-found-twin.ts';
import { outputStore, type OutputStore } from '../model/core/output-store.ts';

/**
 * Writes every page's markdown twin and the machine-readable files into the build output, straight from the
 * catalog (DESIGN rule 8). `limits` are the content API's, as the OpenAPI document states them. The blog's parts
 * of the sitemap and llms.txt, and its twins, are answered on request (src/request/blog/live-files.ts); llms-full.txt links
 * `blog`, the articles the build read. `afterTwins` is called once the
 * twins (and llms-full.txt) are written, before the other files (the build's phase table counts them apart). Returns
 * the number of files written, each through `store` (an unchanged file is linked: output-store.ts).
 *
 * Memory stays flat in the number of pages: each twin is rendered, written to its file and appended to
 * llms-full.txt, then dropped; llms-full.txt is written in chunks, never held whole.
 */
export async function writeMachineReadable(
  outDir: string,
  content: SiteContent,
  limits: RateLimits,
  { afterTwins, blog = [], store = outputStore() }: { afterTwins?: () => void; blog?: readonly ArticleSummary[]; store?: OutputStore } = {},
): Promise<number> {
  const site = content.catalog.site_url;
  const made = new Set<string>();
  let written = 0;
  const write = (path: string, body: string) => {
    const file = join(outDir, path);
    const dir = dirname(file);
    if (!made.has(dir)) mkdirSync(dir, { recursive: true });
    made.add(dir);
    store.write(file, body);
    written++;
  };

  // Twins, in llms order, each written as it is rendered and streamed into llms-full.txt's part.
  const twinPaths: string[] = [];
  const index = indexCatalog(content.catalog);
  const sitemaps = await writeLiveParts(
    outDir,
    content.catalog,
    (page) => {
      const path = markdownPath(page.path);
      const twin = twinOf(page, content, undefined, index);
      write(path, twin);
      twinPaths.push(path);
      return twin;
    },
    blog,
  );
  written += LIVE_FILES.length + 1;
  write(NOT_FOUND_MARKDOWN, notFoundTwin(site, tools.route));
  afterTwins?.();

  // The list files of long Optional sections (llms.txt itself is live: its blog section comes from the store).
  for (const [path, body] of llmsFiles(content.catalog)) if (path !== '/llms.txt') write(path, body);
  write('/robots.txt', robotsTxt(site, sitemaps, content.signals));
  write(API_CATALOG_PATH, `${JSON.stringify(apiCatalog(site), null, 2)}\n`);
  const json = openApiJson(site, limits);
  const yaml = openApiYaml(site, limits);
  for (const prefix of ['', '/api']) {
    write(`${prefix}/openapi.json`, json);
    write(`${prefix}/openapi.yaml`, yaml);
  }
  // The edge functions' list of twins (netlify/edge-functions/markdown*.ts): they cannot look at the file system.
  write(`/${ARTIFACT_DIR}/markdown-paths.json`, JSON.stringify([...twinPaths, NOT_FOUND_MARKDOWN]));
  // The Content-Signal header of markdown answers: the edge function imports it, the local origin reads it.
  write(CONTENT_SIGNAL_FILE, JSON.stringify({ 'content-signal': contentSignalValue(content.signals) }));
  return written;
}
