// The store being unreachable is 503 `unavailable` with Retry-After, never a hang or a stack trace.
import { ApiError } from '../http/api-error.ts';
import { isProtocolError } from '../../../store/renewable-pool.ts';
import { ForeignRowError, foreignRowAlarm } from '../../../store/own-rows.ts';

const CONNECTION_CODES = new Set([
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'EPIPE',
]);

export const unavailable = () =>
  new ApiError(503, 'unavailable', 'The content store is unavailable; retry shortly.', { 'retry-after': '5' });

/**
 * The content API's store errors as answers: 503 for a store that cannot answer, and for a reply that is not the
 * caller's (own-rows.ts), which also raises the alarm, naming the route.
 */
export function storeErrorAnswer(err: unknown, req: Request): unknown {
  if (err instanceof ForeignRowError) console.error(foreignRowAlarm(`${req.method} ${new URL(req.url).pathname}`, err));
  return err instanceof ForeignRowError || isStoreUnavailable(err) ? unavailable() : err;
}

/**
 * Connection failures, server shutdown, too-many-connections and a statement cancelled or timed out (SQLSTATE 08*,
 * 57P0*, 53300, 57014), and a reply the driver could not read (renewable-pool.ts).
 */
export function isStoreUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; errors?: unknown[] } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (CONNECTION_CODES.has(code) || /^08|^57P0|^53300$|^57014$/.test(code)) return true;
  if (isProtocolError(e)) return true;
  return Array.isArray(e.errors) && e.errors.some(isStoreUnavailable);
}
