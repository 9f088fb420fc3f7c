// Every query and path parameter of both APIs, with its default, bounds and enum (spec sections 4 and 8). The
// handlers parse strings (query-schemas.ts, content/parse-query.ts); these say what a client may send.
// tests/machine-readable/openapi-responses.test.ts holds the defaults and caps to the handlers' real answers.
import { z } from 'astro/zod';
import { PAGE_KINDS } from '../../schemas/page.ts';
import { paramSchema } from './components.ts';

export interface Parameter { name: string; in: 'query' | 'path' | 'header'; required?: boolean; description: string; schema: Record<string, unknown> }

const q = (name: string, schema: z.ZodType, description: string, required = false): Parameter =>
  ({ name, in: 'query', ...(required ? { required } : {}), description, schema: paramSchema(schema) });

export const slugParam: Parameter = { name: 'slug', in: 'path', required: true, description: 'The resource slug.', schema: paramSchema(z.string().min(1)) };

/** Public API: `page` and `limit` of the paginated lists; `limit` above 200 is capped, not refused. */
export const publicPage = q('page', z.int().min(1).default(1), 'Page number, from 1.');
export const publicLimit = q('limit', z.int().min(1).max(200).default(50), 'Items per page; values above 200 are capped to 200.');
/** The unpaginated lists answer every item unless `page`/`limit` are given. */
export const wholeListParams = [
  q('page', z.int().min(1).default(1), 'Page number, from 1; the list is whole by default.'),
  q('limit', z.int().min(1).max(200), 'Items per page; by default every item, at most 200 when given (higher values are capped).'),
];
export const textQuery = (what: string) => q('q', z.string().max(200), what);

export const publicParams: Record<string, Parameter[]> = {
  '/api/v1/pages': [q('kind', z.enum(PAGE_KINDS), 'Only pages of this kind.'), publicPage, publicLimit],
  '/api/v1/search': [
    q('q', z.string().min(2).max(200), 'Search text; every whitespace-separated token must appear in the title or description (case-insensitive, prefix match).', true),
    q('limit', z.int().min(1).max(100).default(20), 'Results to return; values above 100 are capped to 100.'),
  ],
  '/api/v1/glossary': [
    q('category', z.string(), 'Only terms of this category slug.'),
    textQuery('Only terms whose title or definition contains this text (case-insensitive).'),
    q('full', z.boolean().default(false), 'Include `sections`, `key_points` and `sources` in each item (`true`/`false`, also `1`/`0`).'),
    publicPage, publicLimit,
  ],
  '/api/v1/glossary/categories': wholeListParams,
  '/api/v1/glossary/:slug': [slugParam],
  '/api/v1/tools': wholeListParams,
  '/api/v1/tools/:slug': [slugParam],
  '/api/v1/agents': wholeListParams,
  '/api/v1/agents/:slug': [slugParam],
  '/api/v1/features': wholeListParams,
  '/api/v1/features/:slug': [slugParam],
  '/api/v1/comparisons': wholeListParams,
  '/api/v1/comparisons/:slug': [slugParam],
  '/api/v1/articles': [publicPage, publicLimit, textQuery('Only articles whose title contains this text.')],
  '/api/v1/articles/:slug': [slugParam, q('format', z.enum(['markdown', 'html', 'both']).default('markdown'), 'Which body to include: `content_markdown`, `content_html` or both.')],
};

const projectId = (what: string) => q('projectId', z.string().min(1).max(100), what, true);

export const contentParams: Record<string, Parameter[]> = {
  '/v1/projects': [],
  '/v1/articles': [
    projectId('The project whose articles to list; GET /v1/projects lists them.'),
    q('page', z.int().min(1).default(1), 'Page number, from 1.'),
    q('limit', z.int().min(1).max(100).default(20), 'Items per page; values above 100 are capped to 100.'),
    q('updatedSince', z.iso.datetime({ offset: true }), 'Only articles created or edited since this ISO 8601 date-time: pass the time of your last sync.'),
    q('sort', z.enum(['published_at', 'updated_at', 'title']).default('published_at'), 'Sort key.'),
    q('order', z.enum(['desc', 'asc']).default('desc'), 'Sort order.'),
  ],
  '/v1/articles/:slug': [slugParam, projectId('The project the article belongs to (slugs are unique within a project).')],
};

export const ifNoneMatch: Parameter = { name: 'If-None-Match', in: 'header', description: 'An ETag from an earlier response: an unchanged resource answers 304 with no body.', schema: { type: 'string' } };
