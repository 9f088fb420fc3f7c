/** One stored response: its validator and its body. */
export interface CacheEntry {
  etag: string;
  body: string;
}

/**
 * Where the client keeps responses for conditional requests (If-None-Match; a 304 reuses the stored body).
 * Sync or async; keys are opaque strings. `memoryCache()` is the default; `fileCache(dir)` from
 * `@skribra/content/file-cache` survives between builds; anything with get/set works (KV stores, Redis).
 */
export interface ResponseCache {
  get(key: string): CacheEntry | undefined | Promise<CacheEntry | undefined>;
  set(key: string, entry: CacheEntry): void | Promise<void>;
}

/** An in-process cache holding at most `maxEntries` responses (least recently used go first). */
export function memoryCache(maxEntries = 1000): ResponseCache {
  const map = new Map<string, CacheEntry>();
  return {
    get(key) {
      const hit = map.get(key);
      if (hit) {
        map.delete(key);
        map.set(key, hit);
      }
      return hit;
    },
    set(key, entry) {
      map.delete(key);
      map.set(key, entry);
      while (map.size > maxEntries) map.delete(map.keys().next().value as string);
    },
  };
}
