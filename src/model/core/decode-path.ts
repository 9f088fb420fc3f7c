// The one place a request path is decoded (DESIGN rule 1). Every later step sees decoded segments and never decodes
// again, so `%252e` stays the three characters `%2e` and cannot turn into a dot, a slash or another route.

/** C0 controls, DEL and C1 controls: never part of a slug, a file name or anything we serve. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this matches
export const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export interface DecodedPath {
  /**
   * Decoded segments; `undefined` where a segment cannot name anything: malformed percent-encoding, or a value that
   * decodes to a slash, a backslash, a control character or a dot segment. Such a segment may still sit where a
   * route takes a parameter (it then fails that parameter's schema: 404), never where a route has a literal.
   */
  segments: (string | undefined)[];
  trailingSlash: boolean;
  /** Whether every segment decoded to something nameable. */
  clean: boolean;
}

function decodeSegment(part: string): string | undefined {
  let segment: string;
  try {
    segment = decodeURIComponent(part);
  } catch {
    return undefined;
  }
  if (segment.includes('/') || segment.includes('\\') || CONTROL.test(segment) || segment === '.' || segment === '..') return undefined;
  return segment;
}

/**
 * Splits a URL's pathname (as `new URL()` gives it: dot segments resolved, still percent-encoded) into decoded
 * segments; `trailingSlash` says whether the path ended in `/`. An empty segment (`/v1/projects//`, `/a//b`) names
 * nothing: it is `undefined`, so no route and no file matches it.
 */
export function decodePath(pathname: string): DecodedPath {
  const parts = pathname.split('/').slice(1);
  if (parts.at(-1) === '') parts.pop();
  const segments = parts.map((p) => (p === '' ? undefined : decodeSegment(p)));
  return { segments, trailingSlash: pathname.endsWith('/'), clean: segments.every((s) => s !== undefined) };
}

/** The path for clean decoded segments, re-encoded; always starts with exactly one `/`, so it is a same-origin path. */
export function encodePath(segments: readonly string[], trailingSlash: boolean): string {
  const path = `/${segments.map(encodeURIComponent).join('/')}`;
  return trailingSlash && segments.length ? `${path}/` : path;
}

/** The decoded path as one string, without a trailing slash: the key routes and the edge's static paths share. */
export const joinedPath = ({ segments }: Pick<DecodedPath, 'segments'>): string => `/${segments.map((s) => s ?? '').join('/')}`;
