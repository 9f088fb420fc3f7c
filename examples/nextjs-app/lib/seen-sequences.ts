// The last sequence applied per article id, and the slug it had then. Kept in memory, per server process: no
// database for an example. A restarted or second instance starts empty and applies whatever arrives, which is
// harmless here, because a revalidated page re-reads the article's current state from the API, not the event's.
// Dropping an old or repeated delivery only saves a regeneration.
const seen = new Map<string, { sequence: number; slug: string }>();

/**
 * Records the event and returns the slug the article had before (to revalidate that path too when the slug changed),
 * or 'stale' when a delivery with this sequence or a later one was already applied. Events without a sequence
 * are always applied.
 */
export function recordSequence(id: string, slug: string, sequence: number | undefined): { previousSlug?: string } | 'stale' {
  const last = seen.get(id);
  if (sequence === undefined) return last ? { previousSlug: last.slug } : {};
  if (last && sequence <= last.sequence) return 'stale';
  seen.set(id, { sequence, slug });
  return last ? { previousSlug: last.slug } : {};
}
