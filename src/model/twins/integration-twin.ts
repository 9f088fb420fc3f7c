import type { Integration } from '../schemas/integration.ts';
import { blocks, bullets, faqsBlock, head, inline, numbered, section } from './blocks.ts';
import { footer } from './footer.ts';

/** An integration: how it connects, the page body, what syncs, the setup steps, its limits and FAQs. */
export function integrationTwin(integration: Integration, body: string | undefined): string {
  return blocks(
    head(integration.title, integration.description),
    `Connects with: ${inline(integration.connects_with)}`,
    body,
    section('What syncs', bullets(integration.syncs)),
    section('Setup', numbered(integration.setup.map((s) => `**${inline(s.step)}.** ${s.detail}`))),
    section('Limits', bullets(integration.limits)),
    faqsBlock(integration.faqs),
    footer(integration.url),
  );
}
