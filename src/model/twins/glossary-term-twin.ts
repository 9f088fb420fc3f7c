import type { GlossaryCategory, GlossaryTerm } from '../schemas/glossary.ts';
import { blocks, bullets, head, link, section } from './blocks.ts';
import { footer } from './footer.ts';

/** A glossary term: definition, TL;DR, key points, every section, related terms as links, sources. */
export function glossaryTermTwin(
  term: GlossaryTerm,
  catalog: { site_url: string; categories: readonly GlossaryCategory[] },
  termsBySlug: ReadonlyMap<string, GlossaryTerm>,
): string {
  const category = catalog.categories.find((c) => c.slug === term.category);
  const related = (term.related_terms ?? []).map((s) => termsBySlug.get(s)).filter((t) => t !== undefined);
  return blocks(
    head(term.title, term.definition),
    term.tldr && `**In short:** ${term.tldr}`,
    category && `Category: ${link(category.label, category.url ?? `${catalog.site_url}/glossary/`)}`,
    section('Key points', term.key_points?.length ? bullets(term.key_points) : undefined),
    ...(term.sections ?? []).map((s) => section(s.heading, s.content)),
    section('Related terms', related.map((t) => `- ${link(t.title, t.url)}: ${t.definition}`).join('\n')),
    section('Sources', (term.sources ?? []).map((s) => `- ${link(s.title, s.url)}`).join('\n')),
    footer(term.url, term.updated),
  );
}
