import type { Comparison } from '../schemas/comparison.ts';
import { blocks, bullets, faqsBlock, head, section, table } from './blocks.ts';
import { footer } from './footer.ts';

/** The same words as the HTML matrix cell. */
const cellText = (v: boolean | string): string => (v === true ? 'Yes' : v === false ? 'No' : v === 'soon' ? 'Coming soon' : v);

/** A comparison: intro, the feature matrix as a table, where each side is stronger, FAQs. */
export function comparisonTwin(c: Comparison): string {
  const matrix = c.feature_matrix?.length
    ? [
        table(
          ['Feature', 'Skribra', c.competitor],
          c.feature_matrix.map((r) => [r.feature, cellText(r.skribra), cellText(r.competitor)]),
        ),
        c.pricing_note ? `_${c.pricing_note}_` : '',
      ].join('\n\n')
    : undefined;
  return blocks(
    head(c.title, c.description),
    c.intro?.join('\n\n'),
    section('Feature by feature', matrix),
    section('Where Skribra is stronger', c.skribra_wins?.length ? bullets(c.skribra_wins) : undefined),
    section(`Where ${c.competitor} is stronger`, c.competitor_wins?.length ? bullets(c.competitor_wins) : undefined),
    faqsBlock(c.faqs),
    footer(c.url),
  );
}
