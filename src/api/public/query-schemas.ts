import { z } from 'astro/zod';
import { boolParam, intParam } from '../http/parse-query.ts';
import { PageKind } from '../../schemas/page.ts';

// One schema per route's query string (spec sections 4.1 and 8). Unknown parameters are ignored.
const page = intParam(1);
const limit = intParam(50, 200);
/** Search and filter text; long enough for any real query, short enough that no query is costly. */
const MAX_Q = 200;

export const pagesQuery = z.object({ kind: PageKind.optional(), page, limit });
export const glossaryQuery = z.object({ category: z.string().optional(), q: z.string().max(MAX_Q, { error: `must be at most ${MAX_Q} characters` }).optional(), full: boolParam, page, limit });
export const searchQuery = z.object({
  q: z.string({ error: 'is required' }).trim()
    .min(2, { error: 'must be at least 2 characters' })
    .max(MAX_Q, { error: `must be at most ${MAX_Q} characters` }),
  limit: intParam(20, 100),
});
export const articlesQuery = z.object({ q: z.string().max(MAX_Q, { error: `must be at most ${MAX_Q} characters` }).optional(), page, limit });
export const articleQuery = z.object({ format: z.enum(['markdown', 'html', 'both']).default('markdown') });

/**
 * The unpaginated lists (categories, tools, agents, features, comparisons; spec section 2.1) hold every item by
 * default; `page` and `limit` still work on them, with the same cap as the other lists.
 */
export const wholeListQuery = (total: number) => z.object({ page, limit: intParam(Math.max(total, 1), 200) });

/**
 * Every parameter any public route reads. The CDN keys its cache on these alone (Netlify-Vary), so a tracking
 * parameter the API ignores (utm_source, fbclid) does not split the cache; derived from the schemas so a new
 * parameter cannot be forgotten.
 */
export const QUERY_PARAMS: readonly string[] = [...new Set([pagesQuery, glossaryQuery, searchQuery, articlesQuery, articleQuery, wholeListQuery(0)]
  .flatMap((schema) => Object.keys(schema.shape)))].sort();
