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
  build: { format: 'directory' },
  integrations: [mdx(), skribraOutputs(), skribraDev()],
});
