// The publish webhook's body (docs/webhooks): a Standard Webhooks payload whose `data` is the own-article shape of
// GET /v1/articles/{slug}.
import * as z from 'astro/zod';
import { ownArticle } from '../../schemas/own-article.ts';

export const WebhookPayload = z.object({
  type: z.literal('article.published'),
  timestamp: z.iso.datetime({ offset: true }),
  data: ownArticle,
});
