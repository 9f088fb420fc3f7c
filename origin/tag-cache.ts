// The local origin's cache of the blog's on-request answers: whole answers (status, headers, body bytes), bounded by
// count and bytes (least recently used out first), each kept until a change of the store purges one of its tags
// (follow-blog-changes.ts). Nothing else drops them: with the store away a cached answer is still served.
import { LRUCache } from 'lru-cache';
import { tagsOf } from '../src/model/core/cache-tags.ts';
import type { AnswerCache, StoredAnswer } from './live-answers.ts';

export interface TagCacheOptions {
  /** At most this many answers. */
  maxEntries?: number;
  /** At most this many bytes of bodies and headers. */
  maxBytes?: number;
}

/**
 * `get` and `set` as live-answers.ts uses them: `set` keeps the answer of a render begun at the key's last `get` that
 * missed (none: not kept), unless a purge of one of its tags came in between.
 */
export interface TagCache extends AnswerCache {
  /** Drops every answer that carries any of `tags`; returns how many went. */
  purge(tags: readonly string[]): number;
  /** Drops everything. */
  clear(): void;
  /** Answers kept now. */
  readonly size: number;
  /** Moves on at every purge and clear (an answer the origin's memo sends again is current while it stays). */
  readonly version: number;
  /**
   * A handler that answers a GET from the cache, else from `render`, keeping what may be kept; `keyOf` says which
   * requests share an answer (by default the path and query).
   */
  cachedRender(render: (req: Request) => Promise<Response>, keyOf?: (req: Request) => string): (req: Request) => Promise<Response>;
}

/** What may be kept: a page, a redirect, a page that does not exist. Never a 5xx: a failure is not an answer. */
const KEPT = new Set([200, 301, 404]);
/** Outstanding misses remembered (see `get`); past this the oldest are forgotten, which only skips storing them. */
const MISSES = 10_000;

const pathKey = (req: Request) => {
  const url = new URL(req.url);
  return url.pathname + url.search;
};
const sizeOf = (a: StoredAnswer) => a.body.byteLength + a.headers.reduce((n, [k, v]) => n + k.length + v.length, 0) + 64;
const toResponse = (a: StoredAnswer) =>
  new Response(a.body.byteLength ? a.body : null, { status: a.status, headers: new Headers(a.headers) });

export function createTagCache({ maxEntries = 2000, maxBytes = 64 << 20 }: TagCacheOptions = {}): TagCache {
  /** Tag -> the keys of the answers carrying it. */
  const byTag = new Map<string, Set<string>>();
  const answers = new LRUCache<string, StoredAnswer>({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: sizeOf,
    dispose: (answer, key) => {
      for (const tag of answer.tags) {
        const keys = byTag.get(tag);
        keys?.delete(key);
        if (keys?.size === 0) byTag.delete(tag);
      }
    },
  });
  // An answer rendered while a change was purged may hold what the change replaced: it must not be kept. Each purge
  // draws a number; a miss remembers the number current when its render began, and `set` keeps the answer only if
  // none of its tags was purged since. `floor`: everything before it counts as purged (clear(), a forgotten tag).
  let drawn = 0;
  let floor = 0;
  const purgedAt = new Map<string, number>();
  const misses = new LRUCache<string, number>({ max: MISSES });

  const purgedSince = (since: number, tags: readonly string[]) => since < floor || tags.some((t) => (purgedAt.get(t) ?? 0) > since);

  const cache: TagCache = {
    get(key) {
      const answer = answers.get(key);
      if (!answer && !misses.has(key)) misses.set(key, drawn);
      return answer;
    },
    set(key, answer) {
      const since = misses.get(key);
      misses.delete(key);
      if (since === undefined || !KEPT.has(answer.status) || answer.tags.length === 0 || purgedSince(since, answer.tags)) return;
      answers.set(key, answer);
      if (!answers.has(key)) return; // larger than the whole cache
      for (const tag of answer.tags) {
        let keys = byTag.get(tag);
        if (!keys) byTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
    },
    purge(tags) {
      drawn++;
      if (purgedAt.size > 4 * maxEntries) {
        purgedAt.clear();
        floor = drawn;
      }
      let dropped = 0;
      for (const tag of new Set(tags)) {
        purgedAt.set(tag, drawn);
        for (const key of [...(byTag.get(tag) ?? [])]) dropped += answers.delete(key) ? 1 : 0;
      }
      return dropped;
    },
    clear() {
      floor = ++drawn;
      purgedAt.clear();
      answers.clear();
    },
    get size() {
      return answers.size;
    },
    get version() {
      return drawn;
    },
    cachedRender(render, keyOf = pathKey) {
      return async (req) => {
        if (req.method !== 'GET') return render(req);
        const key = keyOf(req);
        const hit = cache.get(key);
        if (hit) return toResponse(hit);
        const res = await render(req);
        if (!KEPT.has(res.status) || !res.headers.has('cache-tag') || res.headers.has('set-cookie')) return res;
        const answer: StoredAnswer = {
          status: res.status,
          headers: [...res.headers],
          body: new Uint8Array(await res.arrayBuffer()),
          tags: tagsOf(res.headers),
        };
        cache.set(key, answer);
        return toResponse(answer);
      };
    },
  };
  return cache;
}
