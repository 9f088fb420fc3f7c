import { ContentError } from '../catalog/content-error.ts';

export interface ReferenceTarget { title: string; url: string }

/**
 * Turns `[[slug]]` and `[[slug|text]]` into links to glossary terms, and root-relative markdown links
 * (`](/pricing/)`) into absolute ones, so every output (HTML, JSON, twins, llms-full.txt) carries absolute links.
 * An unknown slug fails the build naming the file.
 */
export function resolveReferences(markdown: string, terms: ReadonlyMap<string, ReferenceTarget>, site: string, file: string): string {
  return markdown
    .replace(/\[\[([^\]|]+)(?:\|([^\]]+))?\]\]/g, (_, rawSlug: string, text?: string) => {
      const slug = rawSlug.trim();
      const target = terms.get(slug);
      if (!target) throw new ContentError(file, `unknown glossary reference [[${slug}]]`);
      return `[${(text ?? target.title).trim()}](${target.url})`;
    })
    .replace(/\]\((\/[^)\s]*)\)/g, (_, path: string) => `](${site}${path})`);
}
