/**
 * The dashboard (another product) where people sign up and sign in: SKRIBRA_APP_URL at build time, an absolute URL or
 * a root-relative path; unset, it is `/app/` on this site, where a deployment that serves both mounts the dashboard.
 * Pages call it; the value is the one the integration provided (site-settings.ts).
 */
import { siteSettings } from '../build/site-settings.ts';

export function appUrl(page: 'sign-in' | 'sign-up', plan?: string): string {
  const base = siteSettings().appUrl;
  const root = base.endsWith('/') ? base : `${base}/`;
  return `${root}${page}/${plan ? `?plan=${encodeURIComponent(plan)}` : ''}`;
}
