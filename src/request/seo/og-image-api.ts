// The image API (the registry's `images` entries): `GET /og-image/{key}.png` renders the page's Open Graph image the
// build did not write, on its first request, with the build's own renderer, from the card the build indexed under
// that key (og-image-index.ts), so the bytes are the build's. The URL names the content, so the answer is cached for
// ever (CACHE.immutable); a key the build did not index is a 404. Served by the Netlify function functions/og-image.mts
// (after the CDN's static files, `preferStatic`) and by the local origin, through the one pipeline, whose conditional
// stage decides 304 and HEAD from the key before any rendering (the image is Deferred).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { notFound } from '../api/http/api-error.ts';
import type { CtxOf, HandlersOf } from '../api/http/handlers-of.ts';
import type { ApiImplementation } from '../api/http/pipeline.ts';
import { Deferred } from '../api/http/respond.ts';
import { IMAGES_BASE } from '../../model/endpoints/registry.ts';
import type { OgCard } from './og-cards.ts';
import { ogImageIndex } from './og-image-index.ts';

export type OgRender = (card: OgCard, host: string, width: number) => Promise<Uint8Array>;

interface OgImageApiOptions {
  /** The build output holding the index (`_skribra/og/`). */
  distDir: string;
  /** The renderer: render-og-png.ts in a function; through the cache and a worker pool in the local origin. */
  render: OgRender;
}

const readOr = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
};

export function ogImageImplementation({ distDir, render }: OgImageApiOptions): ApiImplementation {
  const lookup = ogImageIndex((file) => readOr(join(distDir, file)));
  // Concurrent first requests for one image (a share fans out to many crawlers at once) wait for one render.
  const rendering = new Map<string, Promise<Uint8Array>>();
  const once = (key: string, run: () => Promise<Uint8Array>) => {
    let png = rendering.get(key);
    if (!png) rendering.set(key, (png = run().finally(() => rendering.delete(key))));
    return png;
  };

  function getOgImage({ params }: CtxOf<'getOgImage'>): Deferred {
    const key = params.image.slice(0, -'.png'.length);
    const image = lookup(key);
    if (!image) throw notFound(`image at ${IMAGES_BASE}/${params.image}`);
    // The key is the content: it is the validator too.
    // Each answer gets its own copy: concurrent requests share one render.
    const make = async () => new Uint8Array(await once(key, () => render(image.card, image.host, image.width)));
    return new Deferred('image/png', `"${key}"`, make);
  }

  const handlers: HandlersOf<'images'> = { getOgImage };
  return { handlers };
}
