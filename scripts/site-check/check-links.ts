// linkinator (an outside crawler) over a build, served by the real local origin: it starts at `/`, follows every
// same-site link (pages, images, scripts, styles, the JSON-LD's URLs). A link fails when it answers an error or its
// `#fragment` names no id on the target page; a sitemap URL fails when the crawl never reaches it. Each failure names
// the page that links and the line of that page's file. linkinator checks a fragment only when it meets the link
// before it fetches the target page, so every fragment of every page the crawl reached is checked here too, against
// the ids of the build's files.
import { readFileSync } from 'node:fs';
import type { Sql } from 'postgres';
import { LinkChecker, LinkState } from 'linkinator';
import { createLocalOrigin } from '../../origin/local-origin.ts';
import { listen } from '../../origin/serve.ts';
import type { Config } from '../../src/model/config.ts';
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
export async function checkLinks(distDir: string, siteUrl: string, config: Config, sql?: Sql): Promise<LinkReport> {
  const site = new URL(siteUrl);
  const { handler } = createLocalOrigin({ distDir, config, sql });
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
    const broken = new Set(links.filter((l) => l.state === LinkState.BROKEN).map((l) => new URL(l.url).pathname));
    for (const link of links) {
      const url = new URL(link.url);
      // Fragments: fragmentProblems below checks every one, whatever order the crawl met them in.
      if (link.state === LinkState.SKIPPED || (link.state === LinkState.BROKEN && url.hash)) continue;
      if (link.state === LinkState.OK) reached.add(url.pathname);
      // A link on an error page (its skip link to `#main`) is no link of the site's.
      else if (!link.parent || !broken.has(new URL(link.parent).pathname)) {
        const from = link.parent ? new URL(link.parent).pathname : '(start)';
        const target = link.url.slice(origin.length);
        const file = link.parent ? pageFile(distDir, from) : undefined;
        const line = file ? lineOf(readFileSync(file, 'utf8'), [target, `"${url.hash}"`, url.pathname]) : undefined;
        const why = link.status ? `HTTP ${link.status}` : String(link.failureDetails?.[0] ?? 'no answer');
        problems.push(`${from}${line ? ` (line ${line})` : ''}: ${target}: ${why}`);
      }
    }
    problems.push(...fragmentProblems(distDir, origin, reached));
    // As a crawler reads it: the blog's part of it is answered on request.
    const sitemap = sitemapPaths(await (await fetch(`${origin}/sitemap.xml`)).text());
    for (const path of sitemap)
      if (!reached.has(path)) problems.push(`${path}: in the sitemap, but no page a crawl from / reaches links to it`);
    return { checked: links.filter((l) => l.state !== LinkState.SKIPPED).length, pages: sitemap.length, problems: [...new Set(problems)] };
  } finally {
    await server.close();
  }
}

/** Every same-site `href` with a fragment, on every page reached, whose target page has no element with that id. */
function fragmentProblems(distDir: string, origin: string, reached: Set<string>): string[] {
  const ids = new Map<string, Set<string> | undefined>();
  const idsOf = (path: string) => {
    if (!ids.has(path)) {
      const file = pageFile(distDir, path);
      ids.set(
        path,
        file?.endsWith('.html')
          ? new Set([...readFileSync(file, 'utf8').matchAll(/\s(?:id|name)="([^"]*)"/g)].map((m) => m[1]!))
          : undefined,
      );
    }
    return ids.get(path);
  };
  const problems: string[] = [];
  for (const page of reached) {
    const file = pageFile(distDir, page);
    if (!file?.endsWith('.html')) continue;
    const html = readFileSync(file, 'utf8');
    for (const m of html.matchAll(/\shref="([^"]*#[^"]*)"/g)) {
      const url = new URL(m[1]!.replaceAll('&amp;', '&'), `${origin}${page}`);
      const fragment = decodeURIComponent(url.hash.slice(1));
      // `#` and `#top` go to the top of the page without an id (HTML's "scroll to the fragment").
      if (url.origin !== origin || !fragment || fragment.toLowerCase() === 'top') continue;
      const targets = idsOf(url.pathname);
      if (targets && !targets.has(fragment))
        problems.push(
          `${page} (line ${lineOf(html, [m[1]!])}): ${url.pathname}#${fragment}: the page has no element with id "${fragment}"`,
        );
    }
  }
  return problems;
}
