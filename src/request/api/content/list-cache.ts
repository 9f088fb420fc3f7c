// Finished `/v1/articles` list responses (body and ETag), kept in the API process and reused while the project's
// `articles_version` (migration 004, bumped by triggers on every article write, from any process) is unchanged.
// The handler only looks here after authentication, rate limiting and the project checks have passed, and the
// version it asks with comes from that same access statement, so a change committed before a request arrives is
// always seen by it. No key or account is part of the key: a page depends only on the project and the query.
//   SKRIBRA_LIST_CACHE_ENTRIES (2000; 0 switches the cache off)  SKRIBRA_LIST_CACHE_MB (32)

import { LRUCache } from 'lru-cache';
import type { Config } from '../../../model/config.ts';

/**
 * A finished answer: its body, its ETag and any headers of its own (`x-robots-tag` on a noindex article). The cache
 * keeps the body as UTF-8 bytes, encoded once when it is stored, and answers with those: Node writes a string body
 * by joining it to the response head, a new string of the body's size on every request, and bytes as they are.
 */
export interface CachedPage {
  body: string | Uint8Array<ArrayBuffer>;
  etag: string;
  headers?: Record<string, string>;
}

export interface ListCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  maxEntries: number;
  maxBytes: number;
}

export interface ListCache {
  /** The page built at exactly `version`, or undefined. */
  get(projectId: string, version: string, query: string): CachedPage | undefined;
  /**
   * The page a slot holds and the version it was built at, whatever that is: for a caller that asks the store to
   * leave out what it already holds at that version. Neither a hit nor a miss, and the page's recency is unchanged.
   */
  peek(projectId: string, query: string): { version: string; page: CachedPage } | undefined;
  /** Files a page under the version its own query saw. An older version never replaces a newer one. */
  set(projectId: string, version: string, query: string, page: CachedPage): void;
  stats(): ListCacheStats;
}

interface Entry extends CachedPage {
  version: bigint;
  bytes: number;
}

export function listCacheSize(c: Pick<Config, 'SKRIBRA_LIST_CACHE_ENTRIES' | 'SKRIBRA_LIST_CACHE_MB'>): {
  maxEntries: number;
  maxBytes: number;
} {
  return { maxEntries: c.SKRIBRA_LIST_CACHE_ENTRIES, maxBytes: c.SKRIBRA_LIST_CACHE_MB * 1024 * 1024 };
}

/**
 * A bounded LRU (lru-cache) by entries and by bytes (UTF-8 body + ETag). One slot per (project, query) holds the newest
 * version seen: a lookup with any other version misses, and the rebuilt page replaces the stale one in place,
 * so pages of old versions do not linger until evicted.
 *
 * `admitAfterMisses` (default 1: every page is kept) makes it resist scans: a page is kept only once its slot has
 * missed that many times among the last `maxEntries` slots that missed (or when it replaces its own slot's older
 * version). The detail cache uses 2: a site build that reads every article once keeps none of them and so evicts
 * nothing, where a plain LRU would replace an entry on every request and hit none (on 10,000 articles read at random,
 * the churn cost the detail route a third of its p99); an article asked for again soon is kept from then on.
 */
export function createListCache(opts: { maxEntries: number; maxBytes: number; admitAfterMisses?: number }): ListCache {
  const { maxEntries, maxBytes, admitAfterMisses = 1 } = opts;
  if (maxEntries === 0) return { get: () => undefined, peek: () => undefined, set: () => {}, stats: () => ({ ...NONE, maxBytes }) };
  const pages = new LRUCache<string, Entry>({ max: maxEntries, maxSize: maxBytes, sizeCalculation: (e) => e.bytes });
  // Slots that missed, with how often (admitAfterMisses > 1), the least recently missed forgotten first.
  const missed = new LRUCache<string, number>({ max: maxEntries });
  let hits = 0,
    misses = 0;
  const slot = (projectId: string, query: string) => `${projectId}\n${query}`;

  return {
    get(projectId, version, query) {
      const k = slot(projectId, query);
      const e = pages.peek(k);
      if (!e || e.version !== BigInt(version)) {
        misses++;
        if (admitAfterMisses > 1) missed.set(k, (missed.get(k) ?? 0) + 1);
        return undefined;
      }
      hits++;
      return pages.get(k);
    },
    peek(projectId, query) {
      const e = pages.peek(slot(projectId, query));
      return e && { version: String(e.version), page: e };
    },
    set(projectId, version, query, page) {
      const size = Buffer.byteLength(page.body) + page.etag.length;
      if (size > maxBytes) return;
      const k = slot(projectId, query);
      const v = BigInt(version);
      const old = pages.peek(k);
      if (old) {
        if (old.version > v) return; // a slow request finishing late: keep the newer page
      } else if (admitAfterMisses > 1) {
        if ((missed.get(k) ?? 0) < admitAfterMisses) return;
        missed.delete(k);
      }
      pages.set(k, { ...page, body: typeof page.body === 'string' ? Buffer.from(page.body) : page.body, version: v, bytes: size });
    },
    stats: () => ({ entries: pages.size, bytes: pages.calculatedSize, hits, misses, maxEntries, maxBytes }),
  };
}

const NONE = { entries: 0, bytes: 0, hits: 0, misses: 0, maxEntries: 0 };
