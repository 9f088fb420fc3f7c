// IndexNow (indexnow.org) as configured: off unless SKRIBRA_INDEXNOW_KEY is set. The key file at the site root proves
// the submitter owns the host; every submission names the host, the key and where the key file is.
import type { Config } from '../../model/config.ts';
import { normaliseSite } from '../../model/core/urls.ts';

export interface IndexNowSettings {
  endpoint: string;
  key: string;
  /** The site's host (`skribra.com`, with the port when it is not the default): every submitted URL is on it. */
  host: string;
  /** `https://skribra.com/{key}.txt` */
  keyLocation: string;
  /** SITE_URL without a trailing slash: submitted URLs are built on it, as the pages are. */
  site: string;
}

/** The key file's path at the site root. */
export const keyFilePath = (key: string): string => `/${key}.txt`;

/** The settings, or why IndexNow is off (`off` undefined: not configured, nothing to say). */
export function indexNowSettings(c: Config): IndexNowSettings | { off?: string } {
  const key = c.SKRIBRA_INDEXNOW_KEY;
  if (!key) return {};
  // The build's own fallback (localhost) names no host an engine could crawl.
  if (!c.SITE_URL) return { off: 'SKRIBRA_INDEXNOW_KEY is set but SITE_URL is not: nothing submitted' };
  const site = normaliseSite(c.SITE_URL);
  return { endpoint: c.SKRIBRA_INDEXNOW_ENDPOINT, key, host: new URL(site).host, keyLocation: `${site}${keyFilePath(key)}`, site };
}

export const isOn = (s: IndexNowSettings | { off?: string }): s is IndexNowSettings => 'key' in s;
