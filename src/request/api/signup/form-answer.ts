// What a browser's plain form post (no JavaScript) gets back: a 303 to the /start/ page's thank-you section, or a
// small page of its own that says what to change, field by field, and leads back to the form. Everything a person
// typed that it repeats is escaped.
import type { ApiError } from '../http/api-error.ts';

/** The site's page of the form, and its thank-you section (shown by `:target` without script). */
export const START_PATH = '/start/';
export const THANKS_PATH = `${START_PATH}#thanks`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The field names a person sees. */
const LABELS: Record<string, string> = { email: 'Email', site: 'Your site', plan: 'Plan' };

/** The page may style itself inline; nothing else loads, runs or frames it. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

export const thanksRedirect = (): Response => new Response(null, { status: 303, headers: { location: THANKS_PATH } });

/** The error page: the status and message of `err`, and each field's own message when it has them. */
export function errorPage(err: ApiError, fields: Record<string, string> = {}, plan?: string): Response {
  const back = `${START_PATH}${plan ? `?plan=${encodeURIComponent(plan)}` : ''}#signup`;
  const items = Object.entries(fields).map(([k, m]) => `<li><strong>${escapeHtml(LABELS[k] ?? k)}</strong>: ${escapeHtml(m)}</li>`);
  const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Your sign-up needs a change · Skribra</title>
<style>body{font:1.05rem/1.6 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1d2430}a{color:#3046c5}</style>
</head>
<body>
<main>
<h1>Your sign-up needs a change</h1>
<p role="alert">${escapeHtml(items.length ? 'Nothing was sent yet. Please correct:' : err.message)}</p>
${items.length ? `<ul>${items.join('')}</ul>` : ''}
<p><a href="${escapeHtml(back)}">Back to the sign-up form</a> (your browser's Back button keeps what you typed).</p>
</main>
</body>
</html>
`;
  return new Response(body, {
    status: err.status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': PAGE_CSP, ...err.headers },
  });
}
