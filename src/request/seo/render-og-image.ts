// One page's Open Graph image on request, through the cache (og-cache.ts): what the dev server's /og/ and /covers/
// routes answer (in this thread), and the local origin's image API (og-image-api.ts, in a pool of worker threads, so a
// crawler fetching thousands of images never holds up the server's thread). The build writes its images at once
// instead (write-og-images.ts); all three render with render-og-png.ts, so the bytes are the same.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OgCard } from './og-cards.ts';
import { ogCacheName, storeOgImage } from './og-cache.ts';
import { ogRenderPool, type OgRenderPool } from './og-render-pool.ts';
import { renderOgPng } from './render-og-png.ts';

async function throughCache(
  dir: string,
  card: OgCard,
  host: string,
  width: number,
  render: () => Promise<Uint8Array>,
): Promise<Uint8Array> {
  const name = ogCacheName(card, host, width);
  try {
    return await readFile(join(dir, name));
  } catch {
    /* not rendered yet */
  }
  const png = await render();
  storeOgImage(dir, name, png);
  return png;
}

/**
 * The card as a PNG `width` pixels wide (1200 × 630 for Open Graph; 600 × 315 for the blog index's card covers),
 * through the cache folder `cacheDir` (SKRIBRA_OG_CACHE, resolved by the entry point).
 */
export async function renderOgImage(cacheDir: string, card: OgCard, host: string, width = 1200): Promise<Uint8Array> {
  return throughCache(cacheDir, card, host, width, () => renderOgPng(card, host, width));
}

let pool: OgRenderPool | undefined;

/** The same, rendered in a worker thread of one pool per process, whose idle workers never keep the process alive. */
export async function renderOgImageInPool(cacheDir: string, card: OgCard, host: string, width = 1200): Promise<Uint8Array> {
  return throughCache(cacheDir, card, host, width, () => (pool ??= ogRenderPool(undefined, { server: true })).render(card, host, width));
}
