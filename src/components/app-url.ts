/**
 * The dashboard (another product) where people sign up and sign in: SKRIBRA_APP_URL at build time, an absolute URL or
 * a root-relative path; unset, it is `/app/` on this site, where a deployment that serves both mounts the dashboard.
 */
export const APP_URL_DEFAULT = '/app/';

export function appUrl(page: 'sign-in' | 'sign-up', plan?: string, base = process.env.SKRIBRA_APP_URL || APP_URL_DEFAULT): string {
  const root = base.endsWith('/') ? base : `${base}/`;
  return `${root}${page}/${plan ? `?plan=${encodeURIComponent(plan)}` : ''}`;
}
