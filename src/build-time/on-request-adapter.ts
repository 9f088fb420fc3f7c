// The adapter that lets a page render on request (`export const prerender = false`: the blog's pages, whose content
// the store decides), while every other page stays a static file. Astro writes the pages' server bundle to a
// folder of the project (render-bundle.ts: its chunks import the project's packages by path), and the build records
// where in the output (RENDER_RECORD); the local origin and the Netlify function import its `render`.
import type { AstroIntegration } from 'astro';

export function onRequestAdapter(): AstroIntegration {
  return {
    name: 'skribra-on-request',
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'skribra-on-request',
          entrypointResolution: 'auto',
          serverEntrypoint: new URL('../request/render-entry.ts', import.meta.url),
          supportedAstroFeatures: {
            staticOutput: 'stable',
            serverOutput: 'stable',
            hybridOutput: 'stable',
            sharpImageService: 'stable',
          },
        });
      },
    },
  };
}
