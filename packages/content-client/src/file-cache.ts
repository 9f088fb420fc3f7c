// A response cache on disk, for builds: a rebuild revalidates every request (If-None-Match) and re-downloads
// nothing unchanged. A separate entry point (`@skribra/content/file-cache`) so the main one stays fetch-only;
// node:fs is loaded on first use (Node, Deno and Bun all provide it).
import type { CacheEntry, ResponseCache } from './cache.ts';

type Fs = typeof import('node:fs/promises');
let fs: Promise<Fs> | undefined;
const loadFs = () => (fs ??= import('node:fs/promises'));

/** File name of a key: a SHA-256 hex digest (WebCrypto), so any key is a safe name. */
async function fileName(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return `${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}.json`;
}

/** Keeps each response as one JSON file in `dir` (created when missing), e.g. `.cache/skribra`. */
export function fileCache(dir: string): ResponseCache {
  const path = async (key: string) => `${dir.replace(/\/+$/, '')}/${await fileName(key)}`;
  return {
    async get(key) {
      const f = await loadFs();
      try {
        const entry = JSON.parse(await f.readFile(await path(key), 'utf8')) as CacheEntry;
        return typeof entry?.etag === 'string' && typeof entry.body === 'string' ? entry : undefined;
      } catch {
        return undefined; // missing or torn: fetch again
      }
    },
    async set(key, entry) {
      const f = await loadFs();
      await f.mkdir(dir, { recursive: true });
      const target = await path(key);
      // Write then rename, so a reader never sees half a file.
      const tmp = `${target}.${Math.random().toString(36).slice(2)}.tmp`;
      await f.writeFile(tmp, JSON.stringify(entry));
      await f.rename(tmp, target);
    },
  };
}
