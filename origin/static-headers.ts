// The headers the build's `_headers` gives a static file, as Netlify applies them (src/model/core/header-rules.ts): the
// local origin reads the same file, so its static answers carry what production's do, security headers included.
// Re-read when the file table sees a new `_headers` (a rebuild), parsed once per version.
import { headersForPath, parseHeadersFile, type HeaderRule } from '../src/model/core/header-rules.ts';
import { fileText, type StaticFile } from './static-files.ts';

/** Netlify publishes neither file; they are the build's instructions to it. */
export const UNPUBLISHED = new Set(['/_headers', '/_redirects']);

export function staticHeaders(lookup: (path: string) => StaticFile | undefined): (path: string) => Record<string, string> {
  let parsed: { file: StaticFile; rules: HeaderRule[] } | undefined;
  return (path) => {
    const file = lookup('/_headers');
    if (!file) return {};
    if (parsed?.file !== file) parsed = { file, rules: parseHeadersFile(fileText(file)) };
    return headersForPath(parsed.rules, path);
  };
}
