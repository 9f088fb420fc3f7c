import type { GlossaryCategory, GlossaryTerm } from '../schemas/glossary.ts';
import type { Page } from '../schemas/page.ts';
import { blocks, head, link, section } from './blocks.ts';
import { footer } from './footer.ts';

/** A glossary category: its terms, each with its one-sentence definition. */
export function glossaryCategoryTwin(
  page: Page,
  category: GlossaryCategory,
  catalog: { site_url: string; terms: readonly GlossaryTerm[] },
): string {
  const terms = catalog.terms.filter((t) => t.category === category.slug);
  return blocks(
    head(page.title, category.description),
    link('Back to the glossary', `${catalog.site_url}/glossary/`),
    section(`Terms (${terms.length})`, terms.map((t) => `- ${link(t.title, t.url)}: ${t.definition}`).join('\n')),
    footer(page.url),
  );
}
