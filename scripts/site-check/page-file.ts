import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The build's file for a page's path (`/x/` is `x/index.html`), if there is one. */
export function pageFile(distDir: string, path: string): string | undefined {
  const candidates = path.endsWith('/') ? [join(distDir, path, 'index.html')] : [join(distDir, path), join(distDir, `${path}.html`)];
  return candidates.find((f) => existsSync(f));
}

/**
 * The 1-based line of a file's text where the first of `needles` that it holds appears (as written, or with `&`
 * escaped as `&amp;`).
 */
export function lineOf(text: string, needles: string[]): number | undefined {
  for (const needle of needles.filter((n) => n.length > 2))
    for (const form of [needle, needle.replace(/&/g, '&amp;')]) {
      const at = text.indexOf(form);
      if (at >= 0) return text.slice(0, at).split('\n').length;
    }
  return undefined;
}
