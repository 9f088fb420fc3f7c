// `astro build` only, with the full-text index on (added by the skribra-outputs integration): hands each page Astro
// prerenders to the index as it renders, so Pagefind indexes on the other core while the pages render instead of
// reading them all from disk afterwards. The integration says which pages it wants (the term pages); the others,
// and every request at run time, pass through untouched.
import type { MiddlewareHandler } from 'astro';

export interface RenderedPageSink {
  wants(path: string): boolean;
  add(path: string, html: string): void;
}

// On globalThis: the integration sets it, and this module runs again inside Astro's bundle of the pages.
const KEY = Symbol.for('skribra.renderedPageSink');
const slot = globalThis as unknown as Record<symbol, RenderedPageSink | undefined>;

/** Where the pages rendered from now on go; undefined: nowhere. */
export function receiveRenderedPages(sink: RenderedPageSink | undefined): void {
  slot[KEY] = sink;
}

export const onRequest: MiddlewareHandler = async (context, next) => {
  const response = await next();
  const sink = slot[KEY];
  if (sink && context.isPrerendered && response.status === 200 && sink.wants(context.url.pathname)) {
    sink.add(context.url.pathname, await response.clone().text());
  }
  return response;
};
