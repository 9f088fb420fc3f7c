import type { Agent } from '../../schemas/agent.ts';
import type { Comparison } from '../../schemas/comparison.ts';
import type { Feature } from '../../schemas/feature.ts';
import type { GlossaryCategory, GlossaryTerm } from '../../schemas/glossary.ts';
import type { Page } from '../../schemas/page.ts';
import type { Pricing } from '../../schemas/pricing.ts';
import type { Tool } from '../../schemas/tool.ts';

/** Bumped whenever the shape below changes; a function refuses an artifact of another format. */
export const CATALOG_FORMAT = 2;

/** Every public resource, already serialised: what the public handler serves and every other output is made from. */
export interface Catalog {
  format: number;
  build_id: string;
  site_url: string;
  pages: Page[];
  categories: GlossaryCategory[];
  /** Full terms (sections, key points, sources); list views project them. */
  terms: GlossaryTerm[];
  tools: Tool[];
  agents: Agent[];
  features: Feature[];
  comparisons: Comparison[];
  pricing: Pricing;
}
