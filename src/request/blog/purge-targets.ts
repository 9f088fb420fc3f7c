// Where the blog's cache purges go: Netlify's CDN (its purge API, as `purgeCache` of @netlify/functions calls it, with
// a timeout and the answer's Retry-After) and an endpoint of our own (SKRIBRA_PURGE_URL: a Varnish with xkey, or
// anything that takes the same POST). Each is configured by the entry point's config; none configured, no purges.
import type { Config } from '../../model/config.ts';

/** A target's answer to one batch: accepted, or refused (the batch is sent again later, never dropped). */
export type PurgeAnswer = { ok: true } | { ok: false; error: string; retryAfterMs?: number };

export interface PurgeTarget {
  /** Its cursor's name (cache_purge_cursors) and its name in log lines. */
  name: string;
  send(tags: readonly string[]): Promise<PurgeAnswer>;
}

export type PurgeConfig = Pick<
  Config,
  'SKRIBRA_PURGE_URL' | 'SKRIBRA_PURGE_TOKEN' | 'NETLIFY_PURGE_API_TOKEN' | 'SITE_ID' | 'SKRIBRA_NETLIFY_API_URL'
>;

/** A purge that has not answered in this long failed (and is retried): it holds the target's claim meanwhile. */
const PURGE_TIMEOUT_MS = 10_000;
/** The longest Retry-After honoured; a longer one is read as this. */
const MAX_RETRY_AFTER_MS = 300_000;

/** Retry-After in milliseconds: seconds or an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  const ms = /^\d+$/.test(value.trim()) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : undefined;
}

async function post(url: string, headers: Record<string, string>, body: unknown): Promise<PurgeAnswer> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.ok) return { ok: true };
    const retry = retryAfterMs(res.headers.get('retry-after'));
    return { ok: false, error: `answered ${res.status}`, ...(retry === undefined ? {} : { retryAfterMs: retry }) };
  } catch (err) {
    const e = err as Error;
    return { ok: false, error: e.name === 'TimeoutError' ? `no answer in ${PURGE_TIMEOUT_MS / 1000} s` : e.message };
  }
}

/** Netlify's purge API (POST /api/v1/purge), the request `purgeCache({ tags })` makes, for the site's deploys. */
function netlifyTarget(apiUrl: string, token: string, siteId: string): PurgeTarget {
  const url = `${apiUrl.replace(/\/+$/, '')}/api/v1/purge`;
  return {
    name: 'netlify',
    send: (tags) => post(url, { authorization: `Bearer ${token}` }, { site_id: siteId, cache_tags: tags }),
  };
}

/**
 * An endpoint of our own: the tags in the JSON body and in the headers a Varnish with xkey (`xkey-purge`) or a
 * Fastly-style cache (`Surrogate-Key`) reads, space-separated; the bearer token when one is set.
 */
function endpointTarget(url: string, token: string | undefined): PurgeTarget {
  return {
    name: 'varnish',
    send: (tags) =>
      post(
        url,
        { 'xkey-purge': tags.join(' '), 'surrogate-key': tags.join(' '), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        { tags },
      ),
  };
}

/**
 * The targets the config names: Netlify when a purge token and the site's id are set (a Netlify function has both in
 * its environment), the endpoint when SKRIBRA_PURGE_URL is set. Empty: the blog's caches are not purged from here.
 */
export function purgeTargets(config: PurgeConfig): PurgeTarget[] {
  const targets: PurgeTarget[] = [];
  if (config.NETLIFY_PURGE_API_TOKEN && config.SITE_ID)
    targets.push(netlifyTarget(config.SKRIBRA_NETLIFY_API_URL, config.NETLIFY_PURGE_API_TOKEN, config.SITE_ID));
  if (config.SKRIBRA_PURGE_URL) targets.push(endpointTarget(config.SKRIBRA_PURGE_URL, config.SKRIBRA_PURGE_TOKEN));
  return targets;
}
