// One GET with everything the client promises: the key, conditional requests through the cache, retries of 429
// and 503 after Retry-After and of network errors with backoff (bounded, jittered), and typed errors.
import type { ResponseCache } from './cache.ts';
import { errorFromBody, SkribraError } from './errors.ts';

export interface RetryOptions {
  /** Retries after the first attempt (default 3). */
  retries?: number;
  /** First backoff for network errors and a 503 without Retry-After; doubles each time (default 500 ms). */
  baseDelayMs?: number;
  /** No single wait is longer: a Retry-After above it is not waited out but thrown (default 60 s). */
  maxDelayMs?: number;
}

export interface Transport {
  fetch: typeof fetch;
  baseUrl: string;
  apiKey: string;
  cache: ResponseCache;
  retry: Required<RetryOptions>;
  timeoutMs: number;
  userAgent: string;
  /** Called before each wait; tests and logs use it. */
  onRetry?: (info: { attempt: number; delayMs: number; status?: number; error?: unknown }) => void;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** Up to a quarter more, so many clients told the same Retry-After do not come back at the same instant. */
const jitter = (ms: number) => ms + Math.floor(Math.random() * Math.min(1000, ms / 4 + 50));

/** Retry-After as milliseconds: delta-seconds or an HTTP date. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Cache keys are per key (one account's answers are never served to another) and per URL. */
async function keyPrefix(apiKey: string): Promise<string> {
  const d = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(apiKey));
  return [...new Uint8Array(d).slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function createTransport(t: Transport) {
  let prefix: Promise<string> | undefined;

  /** GETs `path` (with `query`) and returns the parsed JSON body, from the cache on a 304. */
  return async function get<T>(path: string, query: Record<string, string | number | undefined> = {}): Promise<T> {
    const url = new URL(t.baseUrl.replace(/\/+$/, '') + path);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    const cacheKey = `${await (prefix ??= keyPrefix(t.apiKey))} ${url}`;
    for (let attempt = 0; ; attempt++) {
      const cached = await t.cache.get(cacheKey);
      const headers: Record<string, string> = {
        authorization: `Bearer ${t.apiKey}`,
        accept: 'application/json',
        'user-agent': t.userAgent,
      };
      if (cached) headers['if-none-match'] = cached.etag;
      let res: Response;
      try {
        res = await t.fetch(url, { headers, signal: AbortSignal.timeout(t.timeoutMs) });
      } catch (error) {
        if (attempt >= t.retry.retries) {
          throw new SkribraError(
            0,
            'network_error',
            `Request to ${url.origin}${url.pathname} failed: ${(error as Error)?.message ?? error}`,
            { cause: error },
          );
        }
        const delayMs = jitter(Math.min(t.retry.maxDelayMs, t.retry.baseDelayMs * 2 ** attempt));
        t.onRetry?.({ attempt: attempt + 1, delayMs, error });
        await sleep(delayMs);
        continue;
      }
      if (res.status === 304 && cached) return JSON.parse(cached.body) as T;
      const text = await res.text();
      if (res.ok) {
        const etag = res.headers.get('etag');
        if (etag) await t.cache.set(cacheKey, { etag, body: text });
        return JSON.parse(text) as T;
      }
      const wait = retryAfterMs(res.headers.get('retry-after'));
      const retryable = res.status === 429 || res.status === 503;
      // A 429 without Retry-After, or a wait past the bound, is the caller's decision: thrown, not slept through.
      const delay = res.status === 503 && wait === undefined ? t.retry.baseDelayMs * 2 ** attempt : wait;
      if (!retryable || attempt >= t.retry.retries || delay === undefined || delay > t.retry.maxDelayMs) {
        throw errorFromBody(res.status, text, wait === undefined ? undefined : Math.ceil(wait / 1000));
      }
      const delayMs = jitter(delay);
      t.onRetry?.({ attempt: attempt + 1, delayMs, status: res.status });
      await sleep(delayMs);
    }
  };
}
