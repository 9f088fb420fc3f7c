// An in-memory sliding-window limit per key (a client address): the tools API's per-IP limit in the local origin
// (on Netlify the platform enforces it through the function's `rateLimit`), and the content API's limit on failed
// authentications per address. Their numbers are declared in src/model/config.ts.

export interface RateLimiter {
  /** Counts a request; returns the seconds to wait when it is over the limit, else 0. */
  hit(key: string): number;
  /** The seconds to wait before the key may go on, without counting anything (0: go on). */
  wait(key: string): number;
}

/** A sliding window of request times per key; idle keys are dropped as the map is swept. */
export function createRateLimiter(
  { windowLimit, windowSize }: { windowLimit: number; windowSize: number },
  now = () => Date.now(),
): RateLimiter {
  const windowMs = windowSize * 1000;
  const hits = new Map<string, number[]>();
  let lastSweep = now();
  /** The key's times still in the window, and the wait they impose. */
  const look = (key: string, t: number) => {
    if (t - lastSweep > windowMs) {
      for (const [k, times] of hits) if (!times.length || times.at(-1)! <= t - windowMs) hits.delete(k);
      lastSweep = t;
    }
    const times = (hits.get(key) ?? []).filter((x) => x > t - windowMs);
    return { times, wait: times.length >= windowLimit ? Math.max(1, Math.ceil((times[0]! + windowMs - t) / 1000)) : 0 };
  };
  return {
    hit(key) {
      const t = now();
      const { times, wait } = look(key, t);
      if (!wait) times.push(t);
      hits.set(key, times);
      return wait;
    },
    wait: (key) => look(key, now()).wait,
  };
}
