// The last sequence applied per article id. Kept in memory, per server process: no database for an example. A
// restarted or second instance starts empty and applies whatever arrives, which is harmless here, because a
// revalidated page re-reads the article's current state from the API, not the event's. Dropping an old or repeated
// delivery only saves a regeneration. (An article's slug never changes, so there is no earlier slug to remember.)
const seen = new Map<string, number>();

/** Records the event; 'stale' when a delivery with this sequence or a later one was already applied. */
export function recordSequence(id: string, sequence: number | undefined): 'fresh' | 'stale' {
  if (sequence === undefined) return 'fresh';
  const last = seen.get(id);
  if (last !== undefined && sequence <= last) return 'stale';
  seen.set(id, sequence);
  return 'fresh';
}
