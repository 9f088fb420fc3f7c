// One page's Open Graph image on request, through the cache: what the dev server's /og/ and /covers/ routes answer.
// The build writes every image at once instead (write-og-images.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OgCard } from './og-cards.ts';
import { ogCacheDir, ogCacheName, storeOgImage } from './og-cache.ts';
import { renderOgPng } from './render-og-png.ts';

/** The card as a PNG `width` pixels wide (1200 × 630 for Open Graph; 600 × 315 for the blog index's card covers). */
export async function renderOgImage(card: OgCard, host: string, width = 1200): Promise<Buffer> {
  const dir = ogCacheDir();
  const name = ogCacheName(card, host, width);
  try { return readFileSync(join(dir, name)); } catch { /* not rendered yet */ }
  const png = await renderOgPng(card, host, width);
  storeOgImage(dir, name, png);
  return png;
}
