// The sync feed of the authenticated API (GET /v1/sync): a project's listed articles as a stream of changes that
// includes removals. One schema types the handler's output, the OpenAPI document and the typed client.
import * as z from 'zod';
import { articleRemoval } from './article-removal.ts';
import { ownArticle, ownArticleCard } from './own-article.ts';

/** An article that is listed now: new, edited, re-published, or still listed with a changed flag (noindex, retired). */
export const syncUpsert = z.object({
  type: z.literal('upsert').meta({ description: 'Discriminator: the article is listed now.' }),
  article: z.union([ownArticle, ownArticleCard]).meta({
    description:
      'The article as it is now: whole, exactly the `data` of GET /v1/articles/{slug} (default, `fields=article`), or its list card (`fields=card`).',
  }),
});

/**
 * An article that left the list: drop it from the site (its slug answers 404, or redirects, from now on). A sync
 * without a cursor also lists every redirect in force, so a fresh site can serve them.
 */
export const syncRemoved = z.object({
  type: z.literal('removed').meta({ description: 'Discriminator: the article left the list.' }),
  ...articleRemoval.shape,
  at: z.iso.datetime().meta({ description: 'When the change was recorded.' }),
});

/** One change, the latest of its article: an article appears at most once per page and once per caught-up sync. */
export const syncItem = z.discriminatedUnion('type', [syncUpsert, syncRemoved]);
export type SyncItem = z.infer<typeof syncItem>;

/** The body of GET /v1/sync. */
export const syncPage = z.object({
  data: z
    .object({
      items: z.array(syncItem).meta({ description: 'Changes in the order they committed, oldest first.' }),
      next_cursor: z.string().meta({
        description:
          'Opaque, bound to the project and signed: store it after applying `items` and pass it as `cursor` to continue; valid for 30 days from when the client was last caught up (`has_more` false).',
      }),
      has_more: z
        .boolean()
        .meta({ description: 'True: ask again now with `next_cursor`; false: caught up, ask again later with `next_cursor`.' }),
    })
    .meta({ description: 'One page of changes and the cursor to continue from.' }),
});
