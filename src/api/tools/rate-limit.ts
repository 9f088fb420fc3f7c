// Per-IP limit of the tools API. On Netlify the platform enforces TOOLS_RATE_LIMIT through the function's
// `rateLimit` config (functions/tools-api.mts); the local origin enforces the same numbers in memory here.

/** Netlify's shape: at most `windowLimit` requests per `windowSize` seconds, per IP. */
export const TOOLS_RATE_LIMIT = { windowLimit: 30, windowSize: 60 } as const;

export interface RateLimiter {
  /** Counts a request; returns the seconds to wait when it is over the limit, else 0. */
  hit(key: string): number;
}

/** A sliding window of request times per key; idle keys are dropped as the map is swept. */
export function createRateLimiter({ windowLimit, windowSize }: { windowLimit: number; windowSize: number }, now = () => Date.now()): RateLimiter {
  const windowMs = windowSize * 1000;
  const hits = new Map<string, number[]>();
  let lastSweep = now();
  return {
    hit(key) {
      const t = now();
      if (t - lastSweep > windowMs) {
        for (const [k, times] of hits) if (!times.length || times.at(-1)! <= t - windowMs) hits.delete(k);
        lastSweep = t;
      }
      const times = (hits.get(key) ?? []).filter((x) => x > t - windowMs);
      if (times.length >= windowLimit) {
        hits.set(key, times);
        return Math.max(1, Math.ceil((times[0]! + windowMs - t) / 1000));
      }
      times.push(t);
      hits.set(key, times);
      return 0;
    },
  };
}
