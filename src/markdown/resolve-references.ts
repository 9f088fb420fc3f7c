import { referenceText } from './reference-text.ts';

export interface ReferenceTarget {
  title: string;
  url: string;
}

/**
 * Turns `[[slug]]` and `[[slug|text]]` into links to glossary terms, and root-relative markdown links
 * (`](/pricing/)`) into absolute ones, so every output (HTML, JSON, twins, llms-full.txt) carries absolute links.
 * An unknown slug is passed to `unknown` with its offset in `markdown` (the checker reports it with its line and a
 * "did you mean") and left as it is.
 */
export function resolveReferences(
  markdown: string,
  terms: ReadonlyMap<string, ReferenceTarget>,
  site: string,
  unknown: (slug: string, offset: number) => void,
): string {
  return markdown
    .replace(
      /\[\[([^\]|]+)(?:\|([^\]]+))?\]\]/g,
      (whole: string, rawSlug: string, text: string | undefined, offset: number, source: string) => {
        const slug = rawSlug.trim();
        const target = terms.get(slug);
        if (!target) {
          unknown(slug, offset);
          return whole;
        }
        // Mid-sentence, a title's first letter is lowered unless it is a proper name ("the click-through rate").
        return `[${(text ?? referenceText(target.title, source.slice(0, offset))).trim()}](${target.url})`;
      },
    )
    .replace(/\]\((\/[^)\s]*)\)/g, (_, path: string) => `](${site}${path})`);
}
