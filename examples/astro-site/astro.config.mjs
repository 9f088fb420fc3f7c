// @ts-check
import { defineConfig } from 'astro/config';
import { imageDomains } from './image-domains.mjs';

export default defineConfig({
  output: 'static',
  trailingSlash: 'always',
  // The data store (with the loader's sync cursor) lives in cacheDir between builds: keep it in your CI cache
  // (for example `node_modules/.astro`, the default) and a rebuild fetches only what changed.
  cacheDir: process.env.ASTRO_CACHE_DIR || './node_modules/.astro',
  // Article images from these hosts go through Astro's image service (src/images.ts): responsive AVIF and WebP, never
  // bigger than the file they come from (src/image-service.ts).
  image: { domains: imageDomains, responsiveStyles: true, service: { entrypoint: './src/image-service.ts' } },
});
