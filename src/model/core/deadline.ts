/**
 * Settles as `work` does, or rejects with `error()` when `work` has not settled within `ms` (a stalled store or
 * handler must fail its request in seconds, not at the platform's timeout). The timer is cleared either way.
 */
export function deadline<T>(work: Promise<T>, ms: number, error: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    work.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(error()), ms);
    }),
  ]);
}
