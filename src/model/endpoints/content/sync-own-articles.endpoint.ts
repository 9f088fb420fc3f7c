// GET /v1/sync: a project's change feed (sync-feed.ts), whole articles and removals in change order.
import * as z from 'zod';
import { syncPage } from '../../schemas/sync.ts';
import { lazyObject } from '../lazy-object.ts';
import { intParam } from '../params.ts';
import { KEYED_READ_ERRORS, contentEndpoint } from './content-endpoint.ts';
import { projectIdParam } from './project-id-param.ts';

export const syncOwnArticles = contentEndpoint('syncOwnArticles', 'sync', {
  bucket: 'list',
  query: lazyObject({
    projectId: () => projectIdParam('The project to sync; GET /v1/projects lists them.'),
    cursor: () =>
      z
        .string()
        .max(300, { error: 'is not a valid sync cursor' })
        .optional()
        .meta({ description: 'Opaque `next_cursor` of an earlier page; omit it to start a full sync.' }),
    limit: () =>
      intParam(
        100,
        'Items per page, from 1; values above 100 are capped to 100. A page also ends before its body would pass 4 MB (always holding at least one item): follow `has_more`.',
        100,
      ),
    fields: () =>
      z.enum(['article', 'card']).default('article').meta({
        description:
          '`article` (default): each upsert carries the whole article, exactly as GET /v1/articles/{slug} returns it, so a site builds from the feed alone. `card`: only the list card.',
      }),
  }),
  output: () => syncPage,
  doc: {
    tag: 'Content API',
    ok: 'SyncResponse',
    errors: KEYED_READ_ERRORS,
    summary: "A project's changes since a cursor: upserts and removals, in change order.",
    description:
      'Without `cursor`, a full sync: every listed article as an upsert. Follow `next_cursor` while `has_more`; keep the last `next_cursor` and send it next time to get only what changed since, removals (unpublished, redirected) included. Keyset-ordered by change, so nothing is skipped or repeated while articles change. A malformed, foreign or expired cursor is 400 `invalid_query` naming `cursor`: start again without one.',
  },
  tool: {
    name: 'sync',
    title: 'Sync a project',
    description:
      "One page of a project's change feed: upserts carrying whole articles (as get_article gives them) and removals (unpublished or redirected), in change order. Without cursor, a full sync of every listed article; follow next_cursor while has_more, keep the last next_cursor and pass it next time to get only what changed since. A malformed, foreign or expired cursor is invalid_query: start again without one. Counts as a list request. The same answer as GET /v1/sync.",
  },
});
