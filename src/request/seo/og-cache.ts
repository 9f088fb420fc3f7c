// The Open Graph image cache: finished PNGs keyed by everything that shapes them, in the folder SKRIBRA_OG_CACHE names
// (node_modules/.cache/skribra-og by default; callers pass it), so a rebuild, such as the one a blog publish
// triggers, renders only the cards that changed. Netlify keeps node_modules/.cache between builds. An entry's mtime
// is its last use (src/model/core/prune-cache.ts).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../model/core/write-atomic.ts';
import type { OgCard } from './og-cards.ts';
import { ogImageKey } from './og-image-key.ts';

/** The cache file name of a card rendered for `host` at `width`: unchanged since the first cache, so old entries stay valid. */
export const ogCacheName = (card: OgCard, host: string, width: number): string => `${ogImageKey(card, host, width)}.png`;

/** Stores a rendered PNG; a read-only or full disk only costs the next build a render. */
export function storeOgImage(dir: string, name: string, png: Uint8Array): void {
  try {
    mkdirSync(dir, { recursive: true });
    writeFileAtomic(join(dir, name), png);
  } catch {
    /* see above */
  }
}
