/** Thrown when a store call takes longer than its bound: the public API answers it with 502. */
export class TimeoutError extends Error {}

/**
 * Bounds a store call. A stalled connection (a black-holed host, a saturated pool) must fail the request in
 * seconds, not hang until the platform's function timeout, so the API can answer 502 and a CDN its stale copy.
 */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what} took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
