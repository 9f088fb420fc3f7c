// The keys this process has seen valid, by digest, with their account, at most `max` (the least recently used
// forgotten first). A key proven here is let through its address's failed-authentication limit (someone else's junk
// from a shared address never locks it out); a lookup that finds it no longer valid (revoked) forgets it.
import { LRUCache } from 'lru-cache';

export interface KnownKeys {
  /** The account of a key proven valid here, or undefined. */
  get(digest: string): string | undefined;
  add(digest: string, accountId: string): void;
  delete(digest: string): void;
}

export function createKnownKeys(max: number): KnownKeys {
  const accounts = new LRUCache<string, string>({ max });
  return {
    get: (digest) => accounts.get(digest),
    add: (digest, accountId) => void accounts.set(digest, accountId),
    delete: (digest) => void accounts.delete(digest),
  };
}
