/**
 * The dashboard (another product) where people sign up and sign in: SKRIBRA_APP_URL at build time, an absolute URL or
 * a root-relative path; unset, it is `/app/` on this site, where a deployment that serves both mounts the dashboard.
 */
import { readConfig } from '../config.ts';

export function appUrl(page: 'sign-in' | 'sign-up', plan?: string, base = readConfig().SKRIBRA_APP_URL): string {
  const root = base.endsWith('/') ? base : `${base}/`;
  return `${root}${page}/${plan ? `?plan=${encodeURIComponent(plan)}` : ''}`;
}
