// Glossary term pages kept between builds (issue 24). They are the pages a generator multiplies (10,000 terms: most
// of a build's page render and markdown), and every build rendered them all again although an edit changes a few.
// Each page's HTML is cached under a key of everything it is made from: the code (code-key.ts), the settings it shows,
// and its props, which are all the page reads (src/site/pages/glossary/[slug].astro renders from them alone). A build
// renders only the pages whose key the cache lacks, and only their sections' markdown; the others are linked from
// the cache into dist/ (place-cached.ts) while Astro renders. The cache is SKRIBRA_BUILD_CACHE's `pages/` (node_modules/.cache, which
// Netlify keeps between builds), pruned as the images' is (prune-cache.ts). Deleting the folder forces a full render.
import { createHash } from 'node:crypto';
import { utimesSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { eachLimited, IO_CONCURRENCY } from '../model/core/each-limited.ts';
import { placeCached } from '../model/core/place-cached.ts';
import { pruneCache, type PruneOptions } from '../model/core/prune-cache.ts';
import { paths } from '../model/core/urls.ts';
import { setTermPagesToRender, type TermPageProps } from '../site/data/term-pages.ts';
import type { SiteSettings } from '../site/data/site-settings.ts';

interface PlannedPage {
  /** The page's folder under dist/ (`glossary/{slug}`). */
  dir: string;
  /** Its cache file name: `{key}.html`. */
  name: string;
  cached: boolean;
}

export interface TermPagePlan {
  cacheDir: string;
  /** The pages Astro renders this build: those the cache lacks. */
  render: TermPageProps[];
  pages: PlannedPage[];
}

/** The settings a term page shows (its links to the app); the folders in SiteSettings shape nothing on it. */
const shownSettings = ({ siteUrl, appUrl }: SiteSettings) => ({ siteUrl, appUrl });

/**
 * Decides which term pages this build renders: those whose key (code, settings, props) has no cache entry. Each hit's
 * entry is touched now, its last use, so a build pruning the cache meanwhile keeps it (prune-cache.ts' grace day).
 */
export function planTermPages(props: TermPageProps[], code: string, settings: SiteSettings, cacheDir: string): TermPagePlan {
  const base = createHash('sha256')
    .update(code)
    .update(JSON.stringify(shownSettings(settings)));
  const now = new Date();
  const render: TermPageProps[] = [];
  const pages = props.map((p) => {
    const name = `${base.copy().update(JSON.stringify(p)).digest('hex')}.html`;
    let cached = true;
    try {
      utimesSync(join(cacheDir, name), now, now);
    } catch {
      cached = false;
      render.push(p);
    }
    return { dir: paths.term(p.term.slug).slice(1, -1), name, cached };
  });
  setTermPagesToRender(render);
  return { cacheDir, render, pages };
}

/**
 * Links each cached page into `out`. The build starts it once Astro has emptied `out` and before it renders, without
 * waiting: the links are made on libuv's threads while the main thread renders the other pages (10,000 folders and
 * links took 0.5-3 s on this machine's disk). Fails, saying why, when an entry it planned to use is gone.
 */
export async function placeCachedTermPages(out: string, plan: TermPagePlan): Promise<void> {
  await eachLimited(
    plan.pages.filter((p) => p.cached),
    IO_CONCURRENCY,
    async ({ dir, name }) => {
      const entry = join(plan.cacheDir, name);
      await mkdir(join(out, dir), { recursive: true });
      try {
        await placeCached(entry, join(out, dir, 'index.html'));
      } catch (err) {
        throw new Error(`the term page cache lost ${entry} during this build (was ${plan.cacheDir} deleted?): build again`, { cause: err });
      }
    },
  );
}

/**
 * After Astro wrote the rendered pages into `out`: stores each (linked, or copied, into the cache under a temporary
 * name, then renamed: a concurrent build never sees half an entry) and prunes the cache. A cache that cannot be
 * written only costs the next build its renders. Pruned at most hourly: the cache holds 10,000s of entries.
 * `files`: the pages placed from the cache, as paths under `out`.
 */
export async function storeTermPages(out: string, plan: TermPagePlan, prune: PruneOptions = { atMostEveryHours: 1 }) {
  setTermPagesToRender(undefined);
  const { cacheDir, pages } = plan;
  let stored = 0;
  try {
    await mkdir(cacheDir, { recursive: true });
    await eachLimited(
      pages.filter((p) => !p.cached),
      IO_CONCURRENCY,
      async ({ dir, name }) => {
        const entry = join(cacheDir, name);
        const tmp = `${entry}.${process.pid}.tmp`;
        await placeCached(join(out, dir, 'index.html'), tmp);
        await rename(tmp, entry);
        stored++;
      },
    );
  } catch {
    /* see above */
  }
  const pruned = await pruneCache(cacheDir, new Set(pages.map((p) => p.name)), prune);
  const files = new Set(pages.filter((p) => p.cached).map((p) => join(p.dir, 'index.html')));
  return { cached: files.size, rendered: plan.render.length, stored, pruned, files };
}
