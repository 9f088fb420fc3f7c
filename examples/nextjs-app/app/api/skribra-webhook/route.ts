// The publish webhook: verify the signature on the raw body, then refresh the new article's page and the list
// now instead of at the next revalidation.
import { revalidatePath } from 'next/cache';
import { verifyWebhook } from '@skribra/content';

export async function POST(request: Request): Promise<Response> {
  const body = await request.text();
  let event;
  try {
    event = await verifyWebhook(body, request.headers, process.env.SKRIBRA_WEBHOOK_SECRET ?? '');
  } catch {
    return new Response('invalid signature', { status: 401 });
  }
  revalidatePath(`/blog/${event.data.slug}`);
  revalidatePath('/blog');
  return new Response(null, { status: 204 });
}
