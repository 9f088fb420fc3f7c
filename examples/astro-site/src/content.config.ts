// The articles of one Skribra project as an Astro collection. The loader reads SKRIBRA_API_KEY (and
// SKRIBRA_BASE_URL, for a local origin) from the environment; the sync cursor lives in Astro's meta store, so a
// rebuild asks Skribra only for what changed since the last build.
import { defineCollection } from 'astro:content';
import { skribraLoader } from '@skribra/content/astro';

const projectId = process.env.SKRIBRA_PROJECT_ID;
if (!projectId) throw new Error('Set SKRIBRA_PROJECT_ID (and SKRIBRA_API_KEY) to build this site.');

export const collections = {
  articles: defineCollection({ loader: skribraLoader({ projectId }) }),
};
