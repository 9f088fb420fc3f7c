// The security headers, declared once (DESIGN rule 11) and read by everything that answers: the pipeline (every API
// answer and error), the markdown answers of the local origin and the edge function, the method guard, and the
// generated `_headers` that Netlify applies to static files (which the local origin reads back for its own files).
// Pure data and string building: the edge bundle imports it.

/** On every answer: HTTPS for a year, no MIME sniffing, the origin only as a referrer across sites. */
export const BASE_SECURITY: Readonly<Record<string, string>> = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** API and machine-readable answers (JSON, markdown, text, XML): nothing in them may load, run or be framed. */
export const DATA_SECURITY: Readonly<Record<string, string>> = {
  ...BASE_SECURITY,
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
};

/** Powerful features no page of the site uses. */
const PERMISSIONS =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()';

/**
 * HTML pages: scripts only from the site itself and the inline scripts the build emitted, by hash (never
 * `unsafe-inline` for scripts), and WebAssembly compiled from the site's own files (`wasm-unsafe-eval`: the search
 * index's Pagefind runtime; it allows no `eval` of JavaScript); styles may be inline (Shiki colours code with style attributes); images from
 * anywhere over HTTPS (blog covers live on customers' CDNs); never framed.
 */
export function pageSecurity(scriptHashes: readonly string[]): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval'${scriptHashes.map((h) => ` '${h}'`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
  return { ...BASE_SECURITY, 'content-security-policy': csp, 'permissions-policy': PERMISSIONS, 'x-frame-options': 'DENY' };
}
