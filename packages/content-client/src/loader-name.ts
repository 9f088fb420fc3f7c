/** skribraLoader's name: Astro's `refreshContent({ loaders })` selects a collection's loader by it. */
export const SKRIBRA_LOADER_NAME = 'skribra-loader';
