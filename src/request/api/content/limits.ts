// Per-account rate limits of the authenticated API (spec section 8), configurable by operators: SKRIBRA_RATE_LIST_HOUR,
// SKRIBRA_RATE_LIST_DAY, SKRIBRA_RATE_DETAIL_HOUR, SKRIBRA_RATE_DETAIL_DAY, whose defaults src/model/config.ts declares (the
// one home of the numbers: headers, the OpenAPI text and the docs derive from the config an entry point read).
// `/projects`, `/articles` and `/sync` count as list requests, `/articles/{slug}` as detail requests.
import type { Config } from '../../../model/config.ts';
import type { Bucket, Window } from '../../../store/repos/access.ts';

export interface RateLimits {
  list: { hour: number; day: number };
  detail: { hour: number; day: number };
}

export function limitsFrom(c: Config): RateLimits {
  return {
    list: { hour: c.SKRIBRA_RATE_LIST_HOUR, day: c.SKRIBRA_RATE_LIST_DAY },
    detail: { hour: c.SKRIBRA_RATE_DETAIL_HOUR, day: c.SKRIBRA_RATE_DETAIL_DAY },
  };
}

const SECONDS = { hour: 3600, day: 86400 } as const;

/** One bucket's quotas in words, as the OpenAPI text and the docs state them: `300 per hour and 2,000 per day`. */
export const quotaText = (q: RateLimits[Bucket]): string =>
  `${q.hour.toLocaleString('en-US')} per hour and ${q.day.toLocaleString('en-US')} per day`;

/** IETF draft headers: the policy on every response; the remaining quota when the account is known. */
export function rateLimitHeaders(limits: RateLimits, bucket: Bucket, windows: Window[]): Record<string, string> {
  const q = limits[bucket];
  const headers: Record<string, string> = {
    'ratelimit-policy': `"hour";q=${q.hour};w=${SECONDS.hour}, "day";q=${q.day};w=${SECONDS.day}`,
  };
  if (windows.length) {
    headers.ratelimit = (['hour', 'day'] as const)
      .map((win) => windows.find((w) => w.win === win))
      .filter((w): w is Window => Boolean(w))
      .map((w) => `"${w.win}";r=${Math.max(0, q[w.win] - w.hits)};t=${w.reset}`)
      .join(', ');
  }
  return headers;
}

/** Seconds until the latest exceeded window ends, or undefined when the request is within its limits. */
export function retryAfter(limits: RateLimits, bucket: Bucket, windows: Window[]): number | undefined {
  const over = windows.filter((w) => w.hits > limits[bucket][w.win]);
  return over.length ? Math.max(...over.map((w) => w.reset)) : undefined;
}
