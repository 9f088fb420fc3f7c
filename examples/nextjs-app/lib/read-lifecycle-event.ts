// The part of a verified webhook payload the route acts on. The signature proves who sent it, not that this code
// understands it: a payload without an article id and slug is refused (400), a type it does not know is skipped.
import type { WebhookPayload } from '@skribra/content';

export interface LifecycleEvent {
  type: WebhookPayload['type'];
  id: string;
  slug: string;
  /** Absent only on deliveries queued before events carried it. */
  sequence?: number;
}

const TYPES: ReadonlySet<string> = new Set<WebhookPayload['type']>([
  'article.published',
  'article.updated',
  'article.unpublished',
  'article.redirected',
]);
// Slugs are lower case letters, digits and single hyphens; anything else must not become a path to revalidate.
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const isSlug = (slug: string): boolean => SLUG.test(slug);

export function readLifecycleEvent(payload: unknown): LifecycleEvent | 'unknown-type' | undefined {
  const p = payload as { type?: unknown; sequence?: unknown; data?: { id?: unknown; slug?: unknown } } | null;
  if (typeof p?.type !== 'string') return undefined;
  // A type added later (subscribed with --events all) is acknowledged, not refused: a refusal would be retried.
  if (!TYPES.has(p.type)) return 'unknown-type';
  const { id, slug } = p.data ?? {};
  if (typeof id !== 'string' || typeof slug !== 'string' || !SLUG.test(slug)) return undefined;
  if (p.sequence !== undefined && !Number.isSafeInteger(p.sequence)) return undefined;
  return { type: p.type as LifecycleEvent['type'], id, slug, ...(p.sequence !== undefined ? { sequence: p.sequence as number } : {}) };
}
