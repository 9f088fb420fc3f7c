import type { ApiError } from './api-error.ts';

/** Rejects with the deadline's error when the work does not settle in time; the work's own failure wins before. */
export function withDeadline<T>(work: Promise<T>, { ms, error }: { ms: number; error: () => ApiError }): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    work.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(error()), ms);
    }),
  ]);
}
