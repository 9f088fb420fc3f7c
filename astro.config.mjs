// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import { readConfig } from './src/model/config.ts';
import { skribraOutputs } from './src/build-time/skribra-outputs.ts';
import { skribraDev } from './dev/dev-server.ts';
import { onRequestAdapter } from './src/build-time/on-request-adapter.ts';
import { siteSettingsOf } from './src/site/data/site-settings.ts';

// The entry point of `astro build` and `astro dev` (npm start's build too): the config is read here, once, and passed
// to the integrations, which hand the pages what they need of it (src/site/data/site-settings.ts).
const config = readConfig();

export default defineConfig({
  site: siteSettingsOf(config).siteUrl,
  // The site's pages, layouts and components: what Astro compiles (src/site/pages is its pages folder).
  srcDir: './src/site',
  output: 'static',
  trailingSlash: 'always',
  // Pages rendered 8 at a time: Astro then overlaps each page's file write with the next pages' rendering. Warm
  // 10,000-term build on 2 cores: ~68 s at 1, ~55 s at 8 (16 and 32 the same, 64 slower); the same bytes.
  build: { format: 'directory', concurrency: 8 },
  // `npm run dev` on PORT (astro's --port wins), and on that port or not at all: claim-dev-port.ts says why.
  server: { port: config.PORT },
  vite: { server: { strictPort: true } },
  integrations: [mdx(), skribraOutputs(config), skribraDev(config)],
  // The blog's pages render on request (src/request/blog/live-blog.ts); every other page is a static file.
  adapter: onRequestAdapter(),
  // Their images' variants are made on request from the build's own files (never fetched from the request's host).
  image: { endpoint: { route: '/_image', entrypoint: 'astro/assets/endpoint/node' } },
});
