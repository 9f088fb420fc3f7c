// `npm run dev` only (added by the skribra-outputs integration): the page of a content file with a problem shows
// its problems in Astro's error overlay, at the content file (file, line, column, field, reason), and "Open in
// editor" opens that file; every other page renders from the rest of the content (loadCatalog's `isolate`). The
// entry is left out of the content, so its page would be a 404: this runs first, for every request, and throws.
import type { MiddlewareHandler } from 'astro';
import { siteContent } from './data/site-content.ts';
import { ContentError } from '../model/catalog/content-error.ts';

export const onRequest: MiddlewareHandler = (context, next) => {
  const path = context.url.pathname.endsWith('/') ? context.url.pathname : `${context.url.pathname}/`;
  const problems = siteContent().broken?.get(path);
  if (problems) throw new ContentError(problems);
  return next();
};
