import type { Agent } from '../schemas/agent.ts';
import type { Feature } from '../schemas/feature.ts';
import { blocks, bullets, faqsBlock, head, inline, link, section } from './blocks.ts';
import { footer } from './footer.ts';

/** A product feature: intro, problem, benefits, how it works, FAQs, and the agents and features it relates to. */
export function featureTwin(feature: Feature, agentList: readonly Agent[], featureList: readonly Feature[]): string {
  const agents = agentList.filter((a) => feature.related_agents?.includes(a.slug));
  const features = featureList.filter((f) => feature.related_features?.includes(f.slug));
  return blocks(
    head(feature.title, feature.tagline),
    feature.category && `Category: ${inline(feature.category)}`,
    feature.intro,
    section('The problem', feature.problem),
    section('What you get', feature.benefits?.length ? bullets(feature.benefits) : undefined),
    section('How it works', feature.how?.map((h) => `### ${inline(h.title)}\n\n${h.body.trim()}`).join('\n\n')),
    faqsBlock(feature.faqs),
    section('Agents behind it', agents.map((a) => `- ${link(a.name, a.url)}: ${inline(a.tagline)}`).join('\n')),
    section('Related features', features.map((f) => `- ${link(f.title, f.url)}: ${inline(f.tagline)}`).join('\n')),
    footer(feature.url),
  );
}
