// Development only: lib/dev-watch.ts posts each change of the stream here, because revalidateTag needs a request.
// Answers 404 outside `next dev`, 401 without the token dev-watch made for this process.
import { revalidateArticle } from '../../../lib/cache-tags';
import { isSlug } from '../../../lib/read-lifecycle-event';

export async function POST(request: Request): Promise<Response> {
  const token = process.env.SKRIBRA_DEV_REVALIDATE_TOKEN;
  if (process.env.NODE_ENV !== 'development' || !token) return new Response(null, { status: 404 });
  if (request.headers.get('authorization') !== `Bearer ${token}`) return new Response(null, { status: 401 });
  const { slug } = ((await request.json().catch(() => null)) ?? {}) as { slug?: unknown };
  if (typeof slug !== 'string' || !isSlug(slug)) return new Response('no slug', { status: 400 });
  revalidateArticle(slug);
  return new Response(null, { status: 204 });
}
