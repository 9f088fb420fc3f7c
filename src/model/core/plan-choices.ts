// The plans a prospect can ask a trial of, from the pricing (content/pricing.yaml): each plan by the slug the pricing
// page's buttons carry (`?plan=growth`), and the bring-your-own-key licence as `byok` when the pricing offers it. The
// sign-up form lists them, and the sign-up endpoint accepts exactly them.
import type { Pricing } from '../schemas/pricing.ts';

export interface PlanChoice {
  slug: string;
  name: string;
}

/** A plan's name as the slug its pricing card's id and button carry: `Growth` -> `growth`. */
export const planSlug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The slug of the bring-your-own-key licence. */
export const BYOK_SLUG = 'byok';

export const planChoices = (pricing: Pricing): PlanChoice[] => [
  ...pricing.plans.map((p) => ({ slug: planSlug(p.name), name: p.name })),
  ...(pricing.byok ? [{ slug: BYOK_SLUG, name: 'Bring your own key' }] : []),
];
