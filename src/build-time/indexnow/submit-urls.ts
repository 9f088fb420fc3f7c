// One IndexNow submission: `POST {endpoint}` with `{host, key, keyLocation, urlList}`, at most BATCH_SIZE URLs a
// request. Best effort: a failure is returned, never thrown. A busy or unreachable
// endpoint is retried with backoff a bounded number of times; a refusal (400, 403, 422) is not retried.
import type { IndexNowSettings } from './indexnow-settings.ts';

/** indexnow.org: "up to 10,000 URLs per post". */
export const BATCH_SIZE = 10_000;
/** Waits before the second and third attempt; a Retry-After (at most MAX_WAIT_MS) takes a wait's place. */
export const RETRY_DELAYS_MS: readonly number[] = [1000, 3000];
const MAX_WAIT_MS = 10_000;
const TIMEOUT_MS = 10_000;

/** What the protocol's status codes mean (indexnow.org, "Response format"). */
const MEANING: Record<number, string> = {
  400: 'bad request',
  403: 'key not valid: is the key file online?',
  422: 'URLs not on the host, or the key does not match',
  429: 'too many requests',
};

export interface SubmitResult {
  /** URLs the endpoint accepted (200 or 202). */
  submitted: string[];
  /** URLs not accepted: the failed batch and every one after it. */
  unsent: string[];
  /** Why the first failed batch failed. */
  error?: string;
}

export interface SubmitOptions {
  delays?: readonly number[];
  batchSize?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Retry-After in seconds or as a date, in ms; undefined when absent or unreadable. */
function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  const ms = /^\d+$/.test(value.trim()) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) ? Math.max(0, ms) : undefined;
}

/** Why a request failed: the network's code (ECONNREFUSED) rather than fetch's bare "fetch failed". */
const reason = (err: unknown): string => {
  const e = err as Error & { cause?: { code?: string; message?: string } };
  return e.name === 'TimeoutError' ? `no answer in ${TIMEOUT_MS / 1000} s` : (e.cause?.code ?? e.cause?.message ?? e.message);
};

/** One batch, with retries; the error, or undefined when accepted. */
async function postBatch(s: IndexNowSettings, urlList: string[], delays: readonly number[]): Promise<string | undefined> {
  const body = JSON.stringify({ host: s.host, key: s.key, keyLocation: s.keyLocation, urlList });
  for (let attempt = 1; ; attempt++) {
    let error: string;
    let wait: number | undefined;
    try {
      const res = await fetch(s.endpoint, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await res.body?.cancel();
      if (res.ok) return undefined;
      error = `${s.endpoint} answered ${res.status}${MEANING[res.status] ? ` (${MEANING[res.status]})` : ''}`;
      if (res.status !== 408 && res.status !== 429 && res.status < 500) return error;
      wait = retryAfterMs(res.headers.get('retry-after'));
    } catch (err) {
      error = `${s.endpoint} unreachable (${reason(err)})`;
    }
    if (attempt > delays.length) return attempt > 1 ? `${error}, ${attempt} attempts` : error;
    await sleep(Math.min(wait ?? delays[attempt - 1]!, MAX_WAIT_MS));
  }
}

/** Submits `urls` in batches, in order; stops at the first batch that fails after its retries. */
export async function submitUrls(
  s: IndexNowSettings,
  urls: readonly string[],
  { delays = RETRY_DELAYS_MS, batchSize = BATCH_SIZE }: SubmitOptions = {},
): Promise<SubmitResult> {
  for (let i = 0; i < urls.length; i += batchSize) {
    const error = await postBatch(s, urls.slice(i, i + batchSize), delays);
    if (error) return { submitted: urls.slice(0, i), unsent: urls.slice(i), error };
  }
  return { submitted: [...urls], unsent: [] };
}
