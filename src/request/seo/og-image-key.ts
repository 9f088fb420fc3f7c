// An Open Graph image's name by its content: a SHA-256 of everything that shapes its pixels (the layout's version, the
// card, the host it names, the width). The cache files are named by it (og-cache.ts), and so are the images' URLs,
// `/og-image/{first 16 hex digits}.png`: a URL that can never mean other bytes, which every cache may keep for ever,
// and which changes when the page's title or description does, so a share shows the new card. Light on purpose: the
// pages import it to name their og:image, and nothing here loads the renderer.
import { createHash } from 'node:crypto';
import { IMAGES_BASE } from '../../model/endpoints/registry.ts';
import type { OgCard } from './og-cards.ts';

/** Bump when the layout (render-og-png.ts) changes, so cached images and URLs of the old layout are not reused. */
export const LAYOUT_VERSION = 2;

/** Hex digits of the key in a URL: 64 bits, so 100,000 images collide with a chance of about 3 in 10^10. */
export const URL_KEY_LENGTH = 16;

/** The full key (64 hex digits) of a card rendered for `host` at `width`: unchanged since the first cache. */
export const ogImageKey = (card: OgCard, host: string, width: number): string =>
  createHash('sha256')
    .update(JSON.stringify([LAYOUT_VERSION, card, host, width]))
    .digest('hex');

/** The root-relative URL of the image with this key: `/og-image/3fa94b2e1c0d7a65.png`. */
export const ogImageUrlPath = (key: string): string => `${IMAGES_BASE}/${key.slice(0, URL_KEY_LENGTH)}.png`;
