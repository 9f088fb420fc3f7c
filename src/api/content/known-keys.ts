// The digests of keys this process has seen valid, at most `max` (the oldest forgotten first): a key made before
// check digits existed is let through an address's failed-authentication limit once it has proven itself here.

export interface KnownKeys {
  has(digest: string): boolean;
  add(digest: string): void;
}

export function createKnownKeys(max: number): KnownKeys {
  const digests = new Set<string>();
  return {
    has: (digest) => digests.has(digest),
    add(digest) {
      if (digests.has(digest)) return;
      digests.add(digest);
      if (digests.size > max) digests.delete(digests.values().next().value!);
    },
  };
}
