import type { Page } from '../../model/schemas/page.ts';
import { siteContent } from './site-content.ts';
import { COLLECTIONS } from '../../model/catalog/collections.ts';

/** The catalog entry of a site page; every HTML page has one, so its title and description come from content. */
export function pageMeta(path: string): Page {
  const page = siteContent().catalog.pages.find((p) => p.path === path);
  if (!page) throw new Error(`no catalog page for ${path}: add content/pages${path === '/' ? '/index' : path.replace(/\/$/, '')}.md`);
  return page;
}

export const bodyOf = (path: string): string | undefined => siteContent().bodies.get(path);

/** Root-relative href of an absolute catalog URL. */
export const href = (url: string): string => new URL(url).pathname;

/** Paths with a route of their own; the catch-all page route renders the rest of content/pages. */
export const DEDICATED_PATHS = new Set([
  '/',
  '/glossary/',
  ...COLLECTIONS.map((c) => c.route),
  '/pricing/',
  '/search/',
  '/blog/',
  '/start/',
]);
