// The keys this process has seen valid, by digest, with their account, at most `max` (the oldest forgotten first). A
// key proven here is let through its address's failed-authentication limit (someone else's junk from a shared address
// never locks it out); a lookup that finds it no longer valid (revoked) forgets it.

export interface KnownKeys {
  /** The account of a key proven valid here, or undefined. */
  get(digest: string): string | undefined;
  add(digest: string, accountId: string): void;
  delete(digest: string): void;
}

export function createKnownKeys(max: number): KnownKeys {
  const accounts = new Map<string, string>();
  return {
    get: (digest) => accounts.get(digest),
    add(digest, accountId) {
      accounts.delete(digest);
      accounts.set(digest, accountId);
      if (accounts.size > max) accounts.delete(accounts.keys().next().value!);
    },
    delete: (digest) => void accounts.delete(digest),
  };
}
