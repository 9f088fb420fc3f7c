// The document's `webhooks` section: one operation per lifecycle event, its body the event's schema
// (src/model/schemas/webhook-events.ts), so the document describes exactly what the outbox sends.
import { ARTICLE_EVENTS, webhookPayloads, type ArticleEvent } from '../../../model/schemas/webhook-events.ts';

/** `article.published` -> `ArticlePublishedEvent`, the component schema of its body. */
export const eventSchemaName = (type: string) =>
  `${type
    .split('.')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')}Event`;

const SUBSCRIPTION: Record<ArticleEvent, string> = {
  'article.published':
    'Sent by default (no subscription), once per article, when it is first published; an endpoint subscribed to it also gets it when an article is published again.',
  'article.updated': 'Sent to endpoints subscribed to it (`skribra project webhook --events`).',
  'article.unpublished': 'Sent to endpoints subscribed to it (`skribra project webhook --events`).',
  'article.redirected': 'Sent to endpoints subscribed to it (`skribra project webhook --events`).',
};

export function webhookOperations(site: string) {
  return Object.fromEntries(
    ARTICLE_EVENTS.map((type) => {
      const name = eventSchemaName(type);
      const key = name[0]!.toLowerCase() + name.slice(1, -'Event'.length);
      return [
        key,
        {
          post: {
            operationId: key,
            summary: `${type}: ${webhookPayloads[type].meta()?.description?.split('. ')[0] ?? type}.`,
            description: `${SUBSCRIPTION[type]} Standard Webhooks: verify \`webhook-signature\` (HMAC-SHA256 over \`{webhook-id}.{webhook-timestamp}.{raw body}\` with your \`whsec_\` secret) before trusting the body. \`sequence\` orders events of a project (the sync feed's order): drop one not above the last you applied for that article. Answer 2xx within 15 s; see ${site}/docs/webhooks/.`,
            tags: ['Content API'],
            // We call you: no credential of yours is sent; the signature headers authenticate us.
            security: [],
            parameters: [
              {
                name: 'webhook-id',
                in: 'header',
                required: true,
                description: 'Message id, the same on every retry: your idempotency key.',
                schema: { type: 'string' },
              },
              {
                name: 'webhook-timestamp',
                in: 'header',
                required: true,
                description: 'Unix seconds when the message was sent.',
                schema: { type: 'string', pattern: '^\\d+$' },
              },
              {
                name: 'webhook-signature',
                in: 'header',
                required: true,
                description: 'Space-separated `v1,<base64>` signatures; accept if any matches.',
                schema: { type: 'string' },
              },
            ],
            requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } },
            responses: {
              '2XX': { description: 'Delivered. Any other status (3xx included) is a failure and is retried; 410 disables the endpoint.' },
            },
          },
        },
      ];
    }),
  );
}
