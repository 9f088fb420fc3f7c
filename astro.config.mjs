// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import { skribraOutputs } from './src/build/skribra-outputs.ts';
import { skribraDev } from './src/origin/dev-server.ts';
import { siteUrl } from './src/build/site-content.ts';

export default defineConfig({
  site: siteUrl(),
  output: 'static',
  trailingSlash: 'always',
  // Pages rendered 8 at a time: Astro then overlaps each page's file write with the next pages' rendering. Warm
  // 10,000-term build on 2 cores: ~68 s at 1, ~55 s at 8 (16 and 32 the same, 64 slower); the same bytes.
  build: { format: 'directory', concurrency: 8 },
  integrations: [mdx(), skribraOutputs(), skribraDev()],
});
