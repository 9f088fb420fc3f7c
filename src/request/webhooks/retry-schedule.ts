// When to try again. Standard Webhooks' schedule: the first attempt at once, then 5 s, 5 min, 30 min, 2 h,
// 5 h, 10 h and 10 h after each failure: eight attempts over about 27.5 hours, then the delivery fails.
export const RETRY_SCHEDULE_MS: readonly number[] = [5e3, 5 * 60e3, 30 * 60e3, 2 * 3600e3, 5 * 3600e3, 10 * 3600e3, 10 * 3600e3];

/** A receiver may ask for a longer wait, not for one beyond a day. */
const MAX_RETRY_AFTER_MS = 24 * 3600e3;

/** Statuses whose Retry-After we honour. */
export const RETRY_AFTER_STATUSES = new Set([429, 503]);

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Math.min(Number(v) * 1000, MAX_RETRY_AFTER_MS);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(at - now, 0), MAX_RETRY_AFTER_MS);
}

/**
 * The wait after failed attempt number `attempts` (1-based), or undefined when that was the last one. A
 * Retry-After on 429/503 lengthens the wait, never shortens it.
 */
export function nextDelay(attempts: number, schedule: readonly number[], status?: number, retryAfter?: string): number | undefined {
  const base = schedule[attempts - 1];
  if (base === undefined) return undefined;
  const asked = status !== undefined && RETRY_AFTER_STATUSES.has(status) ? parseRetryAfter(retryAfter) : undefined;
  return Math.max(base, asked ?? 0);
}
