// The change stream of the authenticated API (GET /v1/events): what each server-sent event's `data` carries. One
// schema types the stream's events, the OpenAPI document and the typed client's `watch`. Never an article's body: a
// site fetches what it needs through the sync feed (or the detail route) when an event tells it to.
import * as z from 'zod';
import { ARTICLE_EVENTS } from './webhook-events.ts';

const cursor = z.string().meta({
  description:
    "The sync cursor after this change, also the event's `id`: what GET /v1/sync's `next_cursor` is for a page ending here. Reconnect with it (`Last-Event-ID` or `?cursor=`) to get every later change, or pass it to GET /v1/sync.",
});

/** `event: change`: one change of one article, the latest of it at the time it was read. */
export const changeEvent = z
  .object({
    type: z.enum(ARTICLE_EVENTS).meta({
      description:
        'The lifecycle event, named as the webhook names it: `article.published` (first published, or again after an unpublish or a redirect), `article.updated` (an edit, noindex set or cleared, or an editorial retire, which leaves it listed here), `article.unpublished` (also a deleted article: its slug answers 404), `article.redirected` (consolidated into `redirect_to`, or its redirect changed).',
    }),
    id: z.string().meta({ description: "The article's id." }),
    slug: z
      .string()
      .meta({ description: 'The slug the article is listed under now; for an unpublish or a redirect, the slug it was listed under.' }),
    at: z.iso.datetime().meta({ description: 'When the change was recorded.' }),
    updated_at: z.iso
      .datetime()
      .optional()
      .meta({ description: "The article's `updated_at` as stored now (absent for `article.unpublished`: the article is gone)." }),
    noindex: z.literal(true).optional().meta({ description: 'Present on a listed article marked not indexable.' }),
    redirect_to: z.string().optional().meta({ description: 'Where readers go now (`article.redirected` only).' }),
    redirect_type: z.string().optional().meta({ description: '`permanent` (301) or temporary (302) (`article.redirected` only).' }),
    cursor,
  })
  .meta({ description: 'One change of an article (the `data` of an `event: change`), never its body.' });
export type ChangeEvent = z.infer<typeof changeEvent>;

/** `event: ready`: sent once a stream has replayed what followed its cursor; live changes follow. */
export const streamReady = z
  .object({ cursor })
  .meta({ description: 'The `data` of `event: ready`: the stream is caught up at `cursor` (its `id` too); live changes follow.' });
