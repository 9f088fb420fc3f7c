import type { Pricing } from '../schemas/pricing.ts';
import { bullets, inline, section, table } from './blocks.ts';

const usd = (n: number) => `$${n.toLocaleString('en-US')}`;

/** The plans as one table, each plan's features, and the bring-your-own-key offer. */
export function pricingBlock(pricing: Pricing): string {
  const plans = table(
    ['Plan', 'Monthly', 'Billed yearly (per month)', 'Articles a month', 'Cadence', 'For'],
    pricing.plans.map((p) => [
      `${p.name}${p.featured ? ' (most popular)' : ''}`,
      usd(p.monthly_usd),
      usd(p.annual_usd_per_month),
      p.articles_per_month,
      p.cadence,
      p.tagline,
    ]),
  );
  const features = pricing.plans.map((p) => `### ${inline(p.name)}\n\n${bullets(p.features)}`).join('\n\n');
  return [
    section(`Plans (${pricing.currency})`, plans),
    section('What each plan includes', features),
    pricing.byok &&
      section(`Bring your own key: ${usd(pricing.byok.price_usd)} once`, `${pricing.byok.summary}\n\n${bullets(pricing.byok.features)}`),
    pricing.terms && `_${pricing.terms}_`,
  ]
    .filter(Boolean)
    .join('\n\n');
}
