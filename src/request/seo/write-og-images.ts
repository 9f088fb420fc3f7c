// The Open Graph images (one per HTML page, 1200 × 630) and blog card covers (600 × 315) the build writes, in its
// output step straight from the catalog and the blog (DESIGN rule 8), not one at a time in Astro's page loop: cached
// images are linked into dist/, the rest rendered on every core (og-render-pool.ts) and cached; then the cache is
// pruned (src/model/core/prune-cache.ts). Each is written twice over one file: at its readable path (/og/{path}.png,
// /covers/blog/{slug}.png), which the blog's pages and older links name, and at its content-addressed URL
// (/og-image/{key}.png), which og:image names. The build writes the images of the pages that matter most and leaves
// the rest to the image API (og-image-api.ts), which renders them on their first request with the same renderer:
// at 100,000 glossary terms, rendering every image at ~50 ms would take the build far past any host's time limit.
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Catalog } from '../api/public/catalog.ts';
import type { BuildBlog } from '../blog/build-blog.ts';
import { eachLimited, IO_CONCURRENCY } from '../../model/core/each-limited.ts';
import { placeCached } from '../../model/core/place-cached.ts';
import { storeOgImage } from './og-cache.ts';
import { ogImageSet, type KeyedOgImage } from './og-image-set.ts';
import { OG_WORKERS, ogRenderPool } from './og-render-pool.ts';
import { pruneCache, type PruneOptions } from '../../model/core/prune-cache.ts';

export interface OgWriteOptions {
  /** The cache folder (SKRIBRA_OG_CACHE, resolved: site-settings.ts). */
  cacheDir: string;
  /** Worker threads; default one per core, at most 4 (OG_WORKERS). */
  workers?: number;
  prune?: PruneOptions | false;
  /** Which images the build writes; the others are left to the image API. Default: all. */
  select?: (image: KeyedOgImage) => boolean;
}

/**
 * `images`: written by the build, `rendered` of them, `copied` from the cache (linked, or copied where a link is
 * refused); `onRequest`: left to the image API.
 */
export interface OgWriteResult {
  images: number;
  rendered: number;
  copied: number;
  pruned: number;
  onRequest: number;
}

/**
 * The images a build writes: every page's but the glossary terms' (home, indexes, categories, tools, agents, features,
 * comparisons, docs, the blog, the 404), a number bounded by what people write by hand, whatever the glossary's size.
 * The terms' images, the pages a generator multiplies, are rendered on request.
 */
export function renderedAtBuild(catalog: Catalog): (image: KeyedOgImage) => boolean {
  const terms = new Set(catalog.pages.filter((p) => p.kind === 'glossary').map((p) => p.path));
  return (image) => !terms.has(image.card.path);
}

export async function writeOgImages(
  out: string,
  catalog: Catalog,
  blog: Pick<BuildBlog, 'articles' | 'summaries'>,
  { cacheDir, workers = OG_WORKERS, prune = {}, select = () => true }: OgWriteOptions,
): Promise<OgWriteResult> {
  const { host, images: all } = ogImageSet(catalog, blog);
  const images = all
    .filter(select)
    .map((image) => ({ ...image, file: join(out, image.path), alias: join(out, image.url), name: `${image.key}.png` }));
  const dirs = new Set(images.flatMap((i) => [dirname(i.file), dirname(i.alias)]));
  await eachLimited([...dirs], IO_CONCURRENCY, async (dir) => {
    await mkdir(dir, { recursive: true });
  });

  // Hits first: each placed in dist/, and the entry's mtime set to now, its last use (src/model/core/prune-cache.ts).
  const now = new Date();
  const misses: typeof images = [];
  await eachLimited(images, IO_CONCURRENCY, async (image) => {
    const cached = join(cacheDir, image.name);
    try {
      await placeCached(cached, image.file);
      await placeCached(cached, image.alias);
      await utimes(cached, now, now).catch(() => {});
    } catch {
      misses.push(image);
    }
  });

  if (misses.length) {
    const pool = ogRenderPool(workers);
    try {
      // A few jobs queued per worker, so one always has its next card when it finishes; memory stays flat.
      await eachLimited(misses, 4 * workers, async (image) => {
        const png = await pool.render(image.card, host, image.width);
        await writeFile(image.file, png);
        await placeCached(image.file, image.alias);
        storeOgImage(cacheDir, image.name, png);
      });
    } finally {
      await pool.close();
    }
  }

  // Every image the site names is in use, rendered here or on request (the local origin caches those too).
  const pruned = prune === false ? 0 : await pruneCache(cacheDir, new Set(all.map((i) => `${i.key}.png`)), prune);
  return {
    images: images.length,
    rendered: misses.length,
    copied: images.length - misses.length,
    pruned,
    onRequest: all.length - images.length,
  };
}
