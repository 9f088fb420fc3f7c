// One zod schema per public API endpoint's query string (spec sections 4 and 8; the content API's are in its
// endpoint modules), each built on first use (lazy-object.ts). The
// pipeline parses with them, the OpenAPI parameters are generated from them (io: 'input'), the handlers are typed by
// their output (src/request/api/http/handlers-of.ts), and the registry's QUERY_PARAMS (the CDN cache key) is derived from the keys of
// those its CDN-stored endpoints declare. Unknown parameters are ignored; a repeated one counts once (its first value).
import * as z from 'zod';
import { PAGE_KINDS } from '../catalog/page-kinds.ts';
import { lazyObject } from './lazy-object.ts';
import { boolParam, intParam, textParam } from './params.ts';

/** Search and filter text: long enough for any real query, short enough that no query is costly. */
const MAX_Q = 200;
const page = () => intParam(1, 'Page number, from 1.');
const publicLimit = () => intParam(50, 'Items per page, from 1; values above 200 are capped to 200.', 200);

export const pagesQuery = lazyObject({
  kind: () => z.enum(PAGE_KINDS).optional().meta({ description: 'Only pages of this kind.' }),
  page,
  limit: publicLimit,
});
export const glossaryQuery = lazyObject({
  category: () => textParam(100).optional().meta({ description: 'Only terms of this category slug.' }),
  q: () =>
    textParam(MAX_Q).optional().meta({
      description: 'Only terms whose title or definition contains this text (case-insensitive; surrounding whitespace is trimmed).',
    }),
  full: () => boolParam('Include `sections`, `key_points` and `sources` in each item (`true`/`false`, also `1`/`0`).'),
  page,
  limit: publicLimit,
});
export const searchQuery = lazyObject({
  q: () =>
    textParam(MAX_Q, { min: 2, tooShort: 'must be at least 2 characters (after trimming surrounding whitespace)' }).meta({
      description:
        'Search text, at least 2 characters after surrounding whitespace is trimmed; every whitespace-separated token must appear in the title or description (case-insensitive, prefix match).',
    }),
  limit: () => intParam(20, 'Results to return, from 1; values above 100 are capped to 100.', 100),
});
export const blogListQuery = lazyObject({
  q: () => textParam(MAX_Q).optional().meta({ description: 'Only articles whose title contains this text.' }),
  page,
  limit: publicLimit,
});
export const blogArticleQuery = lazyObject({
  format: () =>
    z
      .enum(['markdown', 'html', 'both'])
      .default('markdown')
      .meta({ description: 'Which body to include: `content_markdown`, `content_html` or both.' }),
});
/**
 * The unpaginated lists (categories, tools, agents, features, comparisons; spec section 2.1) hold every item by
 * default (`limit` defaults to the whole list, which the handler knows); `page` and `limit` still work on them.
 */
export const wholeListQuery = lazyObject({
  page: () => intParam(1, 'Page number, from 1; the list is whole by default.'),
  limit: () => intParam(undefined, 'Items per page; by default every item; values above 200 are capped to 200.', 200),
});
