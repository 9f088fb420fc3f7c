// What the site's build takes from the config: computed once from the config astro.config.mjs read, and handed to
// the pages by the integration (skribra-outputs.ts). Astro calls pages with no arguments of ours, from module
// instances of its own (Vite's runner in dev, its bundle at build), so the hand-over is a slot on globalThis, as
// site-content.ts does for the content: set before any page renders, read by the pages, never by other modules.
import { resolve } from 'node:path';
import type { Config } from '../../model/config.ts';
import { limitsFrom, type RateLimits } from '../../request/api/content/limits.ts';

export interface SiteSettings {
  /** The content folder, absolute: `content/`, or SKRIBRA_CONTENT_DIR (benchmarks, tests). */
  contentDir: string;
  /** SITE_URL, else the local origin's own address. */
  siteUrl: string;
  /** SKRIBRA_APP_URL: where the sign-up and sign-in links go; unset, the site's own start page (app-url.ts). */
  appUrl: string | undefined;
  /** SKRIBRA_SEARCH_INDEX: the build writes the full-text index (write-search-index.ts) the search page uses. */
  searchIndex: boolean;
  /** The content API's limits, as the OpenAPI document and the API reference state them. */
  limits: RateLimits;
  /** SKRIBRA_OG_CACHE, absolute: rendered Open Graph images (the build, and the dev server's image routes). */
  ogCacheDir: string;
  /** SKRIBRA_BUILD_CACHE, absolute: the loaded content (content-cache.ts) and term pages (term-page-cache.ts). */
  buildCacheDir: string;
}

export const siteSettingsOf = (c: Config): SiteSettings => ({
  contentDir: resolve(c.SKRIBRA_CONTENT_DIR),
  siteUrl: c.SITE_URL ?? `http://localhost:${c.PORT}`,
  appUrl: c.SKRIBRA_APP_URL,
  searchIndex: c.SKRIBRA_SEARCH_INDEX,
  limits: limitsFrom(c),
  ogCacheDir: resolve(c.SKRIBRA_OG_CACHE),
  buildCacheDir: resolve(c.SKRIBRA_BUILD_CACHE),
});

const KEY = Symbol.for('skribra.siteSettings');
const slot = globalThis as unknown as Record<symbol, SiteSettings | undefined>;

/** Called by the integration as Astro sets up, before any page loads content or renders. */
export function provideSiteSettings(settings: SiteSettings): void {
  slot[KEY] = settings;
}

/** The settings the integration provided; a page rendered without it is a wiring error, said loudly. */
export function siteSettings(): SiteSettings {
  const settings = slot[KEY];
  if (!settings) throw new Error('no site settings: the skribra-outputs integration (astro.config.mjs) provides them as Astro sets up');
  return settings;
}
