// The webhook's events (Standard Webhooks payloads): one schema per event type, read by the outbox (which types
// exist), the OpenAPI document's `webhooks` section, the docs' example payloads and the client's types.
import * as z from 'zod';
import { articleRemoval } from './article-removal.ts';
import { ownArticle } from './own-article.ts';

export { articleRemoval };

/** Every lifecycle event an endpoint can subscribe to, in the order of an article's life. */
export const ARTICLE_EVENTS = ['article.published', 'article.updated', 'article.unpublished', 'article.redirected'] as const;
export type ArticleEvent = (typeof ARTICLE_EVENTS)[number];

const common = {
  /** When the change was recorded. */
  timestamp: z.iso.datetime({ offset: true }).meta({ description: 'When the change was recorded.' }),
  /**
   * The change's position in the project's sync feed: higher is newer. Drop an event whose sequence is not above the
   * last one you applied for that article; after downtime, resume from your stored sync cursor.
   */
  sequence: z.int().min(1).optional().meta({
    description:
      "The change's position in the project's sync feed (higher is newer): drop an event whose sequence is not above the last one applied for the article. Absent only on deliveries queued before events carried it.",
  }),
};

const withArticle = (type: 'article.published' | 'article.updated', description: string) =>
  z.object({ type: z.literal(type).meta({ description: 'The event type.' }), ...common, data: ownArticle }).meta({ description });
const withRemoval = (type: 'article.unpublished' | 'article.redirected', description: string) =>
  z.object({ type: z.literal(type).meta({ description: 'The event type.' }), ...common, data: articleRemoval }).meta({ description });

/** The body of each event type; `data` is the whole article for published and updated. */
export const webhookPayloads = {
  'article.published': withArticle(
    'article.published',
    'An article became listed: first published (the default subscription, once per article) or published again after an unpublish or redirect. `data` is the article exactly as GET /v1/articles/{slug} returns it.',
  ),
  'article.updated': withArticle(
    'article.updated',
    'A listed article changed and stays listed (an edit, a noindex change). `data` is the whole article as it is now.',
  ),
  'article.unpublished': withRemoval('article.unpublished', 'An article left the list: its slug answers 404 from now on.'),
  'article.redirected': withRemoval(
    'article.redirected',
    'Consolidation sent an article elsewhere (or changed where): redirect readers to `redirect_to`.',
  ),
} as const satisfies Record<ArticleEvent, z.ZodType>;

/** The change log's event (migration 007) as the webhook and the change stream name it: a first publish is a publish. */
export const EVENT_TYPE: Readonly<Record<string, ArticleEvent>> = {
  created: 'article.published',
  published: 'article.published',
  updated: 'article.updated',
  unpublished: 'article.unpublished',
  redirected: 'article.redirected',
};
