// linkinator (an outside crawler) over a build, served by the real local origin: it starts at `/`, follows every
// same-site link (pages, images, scripts, styles, the JSON-LD's URLs) and checks each `#fragment` against the target
// page's ids. A link fails when it answers an error or its fragment is missing; a sitemap URL fails when the crawl
// never reaches it. Each failure names the page that links and the line of that page's file.
import { readFileSync } from 'node:fs';
import { LinkChecker, LinkState } from 'linkinator';
import { createLocalOrigin } from '../../src/origin/local-origin.ts';
import { listen } from '../../src/origin/serve.ts';
import type { Config } from '../../src/config.ts';
import { lineOf, pageFile } from './page-file.ts';

export interface LinkReport {
  checked: number;
  pages: number;
  problems: string[];
}

/** The paths a sitemap lists (its `<loc>`s, whatever their origin). */
export function sitemapPaths(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')).pathname);
}

/**
 * Crawls `distDir` (built for `siteUrl`, a loopback address whose port is free) from `/` and compares what it
 * reached with the sitemap.
 */
export async function checkLinks(distDir: string, siteUrl: string, config: Config): Promise<LinkReport> {
  const site = new URL(siteUrl);
  const { handler } = createLocalOrigin({ distDir, config });
  const server = await listen(handler, Number(site.port), site.hostname);
  const origin = site.origin;
  try {
    const checker = new LinkChecker();
    const { links } = await checker.check({
      path: `${origin}/`,
      recurse: true,
      checkFragments: true,
      concurrency: 16,
      timeout: 30_000,
      // Only this site: the machine that checks has no way out, and other sites are not this build's to fix.
      linksToSkip: async (link) => !link.startsWith(`${origin}/`),
    });
    const problems: string[] = [];
    const reached = new Set<string>();
    for (const link of links) {
      if (link.state === LinkState.SKIPPED) continue;
      const url = new URL(link.url);
      if (link.state === LinkState.OK) reached.add(url.pathname);
      else {
        const from = link.parent ? new URL(link.parent).pathname : '(start)';
        const target = link.url.slice(origin.length);
        const file = link.parent ? pageFile(distDir, from) : undefined;
        const line = file ? lineOf(readFileSync(file, 'utf8'), [target, `"${url.hash}"`, url.pathname]) : undefined;
        const why = link.status ? `HTTP ${link.status}` : String(link.failureDetails?.[0] ?? 'no answer');
        problems.push(`${from}${line ? ` (line ${line})` : ''}: ${target}: ${why}`);
      }
    }
    const sitemap = sitemapPaths(readFileSync(`${distDir}/sitemap.xml`, 'utf8'));
    for (const path of sitemap)
      if (!reached.has(path)) problems.push(`${path}: in the sitemap, but no page a crawl from / reaches links to it`);
    return { checked: links.filter((l) => l.state !== LinkState.SKIPPED).length, pages: sitemap.length, problems: [...new Set(problems)] };
  } finally {
    await server.close();
  }
}
