// The one place a request path is decoded (DESIGN rule 1). Every later step sees decoded segments and never decodes
// again, so `%252e` stays the three characters `%2e` and cannot turn into a dot, a slash or another route.

export type DecodedPath =
  | { ok: true; segments: string[]; trailingSlash: boolean }
  /** Malformed percent-encoding, or a segment that decodes to a slash, a backslash or a control character. */
  | { ok: false; reason: string };

/** C0 controls, DEL and C1 controls: never part of a slug, a file name or anything we serve. */
// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Splits a URL's pathname (as `new URL()` gives it: dot segments resolved, still percent-encoded) into decoded
 * segments. Empty segments (`//`) are dropped; `trailingSlash` says whether the path ended in `/`.
 */
export function decodePath(pathname: string): DecodedPath {
  const raw = pathname.split('/');
  const segments: string[] = [];
  for (const part of raw) {
    if (part === '') continue;
    let segment: string;
    try { segment = decodeURIComponent(part); } catch { return { ok: false, reason: 'malformed percent-encoding in the path' }; }
    if (segment.includes('/') || segment.includes('\\')) return { ok: false, reason: 'an encoded slash in the path' };
    if (CONTROL.test(segment)) return { ok: false, reason: 'a control character in the path' };
    if (segment === '.' || segment === '..') return { ok: false, reason: 'a dot segment in the path' };
    segments.push(segment);
  }
  return { ok: true, segments, trailingSlash: pathname.endsWith('/') };
}

/** The path for decoded segments, re-encoded; always starts with exactly one `/`, so it is a same-origin path. */
export function encodePath(segments: readonly string[], trailingSlash: boolean): string {
  const path = `/${segments.map(encodeURIComponent).join('/')}`;
  return trailingSlash && segments.length ? `${path}/` : path;
}
