// @ts-check
import { defineConfig } from 'astro/config';
import { skribraDevRefresh } from '@skribra/content/astro';
import { imageDomains } from './image-domains.mjs';

export default defineConfig({
  output: 'static',
  trailingSlash: 'always',
  // The data store (with the loader's sync cursor) lives in cacheDir between builds: keep it in your CI cache
  // (for example `node_modules/.astro`, the default) and a rebuild fetches only what changed.
  cacheDir: process.env.ASTRO_CACHE_DIR || './node_modules/.astro',
  // In `astro dev`, the collection reloads when an article is published, edited or unpublished (the change stream);
  // `astro build` is untouched.
  integrations: [skribraDevRefresh({ projectId: process.env.SKRIBRA_PROJECT_ID ?? '' })],
  // Article images from these hosts go through Astro's image service (src/images.ts): responsive AVIF and WebP, never
  // bigger than the file they come from (src/image-service.ts).
  image: { domains: imageDomains, responsiveStyles: true, service: { entrypoint: './src/image-service.ts' } },
  // .cache/ holds staged builds (gitignored): a build writing there must not keep `astro dev` busy reloading.
  vite: { server: { watch: { ignored: ['**/.cache/**'] } } },
});
