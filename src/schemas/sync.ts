// The sync feed of the authenticated API (GET /v1/sync): a project's listed articles as a stream of changes that
// includes removals. One schema types the handler's output, the OpenAPI document and the typed client.
import * as z from 'zod';
import { ownArticle, ownArticleCard } from './own-article.ts';

/** An article that is listed now: new, edited, re-published, or still listed with a changed flag (noindex, retired). */
export const syncUpsert = z.object({
  /** Discriminator. */
  type: z.literal('upsert'),
  /**
   * The article as it is now: whole, exactly the `data` of GET /v1/articles/{slug} (the default, `fields=article`),
   * or its list card (`fields=card`).
   */
  article: z.union([ownArticle, ownArticleCard]).meta({ description: 'The article as it is now: whole, exactly the `data` of GET /v1/articles/{slug} (default, `fields=article`), or its list card (`fields=card`).' }),
});

/**
 * An article that left the list: drop it from the site (its slug answers 404, or redirects, from now on). A sync
 * without a cursor also lists every redirect in force, so a fresh site can serve them.
 */
export const syncRemoved = z.object({
  /** Discriminator. */
  type: z.literal('removed'),
  /** The article's id, as in its earlier upsert. */
  id: z.string(),
  /** The slug it was listed under. */
  slug: z.string(),
  /** `unpublished` (also a deleted article): it is gone, 404; `redirected`: consolidation sends readers to its `redirect_to`. */
  reason: z.enum(['unpublished', 'redirected']),
  /** When the change was recorded. */
  at: z.iso.datetime(),
  /** Where readers go now (`redirected` only): a site serves the redirect without asking for the article. */
  redirect_to: z.string().optional().meta({ description: 'Where readers go now (`redirected` only), so a site serves the redirect without a detail request.' }),
  /** `permanent` (301) or temporary (302) (`redirected` only). */
  redirect_type: z.string().optional().meta({ description: '`permanent` (301) or temporary (302) (`redirected` only).' }),
});

/** One change, the latest of its article: an article appears at most once per page and once per caught-up sync. */
export const syncItem = z.discriminatedUnion('type', [syncUpsert, syncRemoved]);
export type SyncItem = z.infer<typeof syncItem>;

/** The body of GET /v1/sync. */
export const syncPage = z.object({
  data: z.object({
    /** Changes in the order they committed, oldest first. */
    items: z.array(syncItem),
    /**
     * Opaque; pass it as `cursor` to continue. Bound to the project, signed, valid for 30 days from when the client
     * was last caught up (`has_more` false); store it after applying `items`.
     */
    next_cursor: z.string(),
    /** True: ask again now with `next_cursor`. False: caught up; ask again later with `next_cursor`. */
    has_more: z.boolean(),
  }),
});
export type SyncPage = z.infer<typeof syncPage>;
