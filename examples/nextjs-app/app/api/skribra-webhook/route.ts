// Lifecycle webhooks (article.published, .updated, .unpublished, .redirected): verify the signature on the raw body,
// then revalidate exactly the pages the change touched, the article's and the list, instead of waiting for their
// revalidate timers. Subscribe with `skribra project webhook --project ID --url https://site/api/skribra-webhook --events all`.
import { revalidatePath } from 'next/cache';
import { verifyWebhook, WebhookVerificationError, type WebhookPayload } from '@skribra/content';
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
  const seen = recordSequence(event.id, event.slug, event.sequence);
  if (seen === 'stale') return new Response(`ignored: sequence ${event.sequence} is not newer than the last applied`, { status: 200 });

  // Every lifecycle event changes the article's own page (now rendered, 404 or a redirect) and the list.
  revalidatePath(`/blog/${event.slug}`);
  if (seen.previousSlug && seen.previousSlug !== event.slug) revalidatePath(`/blog/${seen.previousSlug}`);
  revalidatePath('/blog');
  return new Response(null, { status: 204 });
}
