/**
 * Where "Start free trial", "Sign in" and the plan buttons go. The dashboard (another product) is SKRIBRA_APP_URL at
 * build time, an absolute URL or a root-relative path, and the links are its `sign-up/` and `sign-in/`. Unset, they go
 * to this site's own page about the trial (content/pages/start.md): what it is, how to start, where the dashboard
 * lives; sign-in to its "Sign in" section. Pages call it; the value is the one the integration provided
 * (site-settings.ts).
 */
import { siteSettings } from '../data/site-settings.ts';

/** The site's page that stands in for the dashboard when SKRIBRA_APP_URL is unset. */
export const START_PAGE = '/start/';

export function appUrl(page: 'sign-in' | 'sign-up', plan?: string): string {
  const base = siteSettings().appUrl;
  const query = plan ? `?plan=${encodeURIComponent(plan)}` : '';
  if (base === undefined) return page === 'sign-in' ? `${START_PAGE}#sign-in` : `${START_PAGE}${query}`;
  const root = base.endsWith('/') ? base : `${base}/`;
  return `${root}${page}/${query}`;
}
