// GET /v1/articles: a project's published article cards, paginated, filtered and sorted.
import * as z from 'zod';
import { list } from '../../schemas/envelope.ts';
import { once } from '../../core/once.ts';
import { ownArticleCard } from '../../schemas/own-article.ts';
import { lazyObject } from '../lazy-object.ts';
import { dateTimeParam, intParam, textParam } from '../params.ts';
import { KEYED_READ_ERRORS, contentEndpoint } from './content-endpoint.ts';
import { projectIdParam } from './project-id-param.ts';

export const listOwnArticles = contentEndpoint('listOwnArticles', 'articles', {
  bucket: 'list',
  query: lazyObject({
    projectId: () => projectIdParam('The project whose articles to list; GET /v1/projects lists them.'),
    page: () => intParam(1, 'Page number, from 1.'),
    limit: () => intParam(20, 'Items per page, from 1; values above 100 are capped to 100.', 100),
    updatedSince: () =>
      dateTimeParam('Only articles created or edited at or after this ISO 8601 date-time: pass the time of your last sync.').optional(),
    tag: () => textParam(60).optional().meta({ description: 'Only articles carrying this tag (exact, case-sensitive).' }),
    sort: () =>
      z
        .enum(['published_at', 'updated_at', 'title'])
        .default('published_at')
        .meta({ description: 'Sort key; `title` sorts alphabetically.' }),
    order: () => z.enum(['desc', 'asc']).default('desc').meta({ description: 'Sort order.' }),
  }),
  output: once(() => list(ownArticleCard)),
  doc: {
    tag: 'Content API',
    ok: 'OwnArticleList',
    errors: KEYED_READ_ERRORS,
    summary: "A project's published article cards.",
    description:
      'Published articles of the project as cards, paginated; pass `updatedSince` with the time of your last sync to get only what changed.',
  },
  tool: {
    name: 'list_articles',
    title: "List a project's articles",
    description:
      "One page of a project's published articles as cards (no body), with pagination (total, has_more). Pass updatedSince with the time of your last look to get only what changed. Read one whole with get_article. Counts as a list request. The same answer as GET /v1/articles.",
  },
});
