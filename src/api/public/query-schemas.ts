import { z } from 'astro/zod';
import { boolParam, intParam } from '../http/parse-query.ts';
import { PageKind } from '../../schemas/page.ts';

// One schema per route's query string (spec sections 4.1 and 8). Unknown parameters are ignored.
const page = intParam(1);
const limit = intParam(50, 200);

export const listQuery = z.object({ page, limit });
export const pagesQuery = z.object({ kind: PageKind.optional(), page, limit });
export const glossaryQuery = z.object({ category: z.string().optional(), q: z.string().optional(), full: boolParam, page, limit });
export const searchQuery = z.object({
  q: z.string({ error: 'is required' }).trim().min(2, { error: 'must be at least 2 characters' }),
  limit: intParam(20, 100),
});
export const articlesQuery = z.object({ q: z.string().optional(), page, limit });
export const articleQuery = z.object({ format: z.enum(['markdown', 'html', 'both']).default('markdown') });
