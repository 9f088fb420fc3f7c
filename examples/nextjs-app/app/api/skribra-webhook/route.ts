// Lifecycle webhooks (article.published, .updated, .unpublished, .redirected): verify the signature on the raw body,
// then revalidate exactly what the change touched, by tag: the article's and the list's (lib/cache-tags.ts), instead of
// waiting for their revalidate timers. In development, lib/dev-watch.ts does the same from the change stream.
// Subscribe with `skribra project webhook --project ID --url https://site/api/skribra-webhook --events all`.
import { verifyWebhook, WebhookVerificationError, type WebhookPayload } from '@skribra/content';
import { revalidateArticle } from '../../../lib/cache-tags';
import { readLifecycleEvent } from '../../../lib/read-lifecycle-event';
import { recordSequence } from '../../../lib/seen-sequences';

export async function POST(request: Request): Promise<Response> {
  const secret = process.env.SKRIBRA_WEBHOOK_SECRET;
  // Our misconfiguration, not the sender's fault: a 500 shows up in the delivery log, and retries succeed once fixed.
  if (!secret) return new Response('SKRIBRA_WEBHOOK_SECRET is not set', { status: 500 });
  let payload: WebhookPayload;
  try {
    payload = await verifyWebhook(await request.text(), request.headers, secret);
  } catch (err) {
    const code = err instanceof WebhookVerificationError ? err.code : undefined;
    if (code === 'invalid_payload') return new Response('signed, but the body is not JSON', { status: 400 });
    if (code === 'bad_secret') return new Response('SKRIBRA_WEBHOOK_SECRET is not a whsec_ value', { status: 500 });
    return new Response('invalid signature', { status: 401 });
  }
  const event = readLifecycleEvent(payload);
  if (event === undefined) return new Response('unreadable lifecycle event', { status: 400 });
  if (event === 'unknown-type') return new Response(null, { status: 204 });
  if (recordSequence(event.id, event.sequence) === 'stale')
    return new Response(`ignored: sequence ${event.sequence} is not newer than the last applied`, { status: 200 });

  // Every lifecycle event changes the article's own page (now rendered, 404 or a redirect) and the list. Its slug
  // never changes, so the event's slug is the one its page was cached under.
  revalidateArticle(event.slug);
  return new Response(null, { status: 204 });
}
