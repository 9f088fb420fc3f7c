import * as z from 'astro/zod';

const plan = z.object({
  name: z.string().min(1),
  monthly_usd: z.number().min(0),
  annual_usd_per_month: z.number().min(0),
  articles_per_month: z.string().min(1),
  cadence: z.string().min(1),
  tagline: z.string().min(1),
  features: z.array(z.string().min(1)),
  featured: z.boolean().default(false),
}).strict();

/** Input and output are the same shape: content/pricing.yaml is served as it is. */
export const Pricing = z.object({
  currency: z.literal('USD'),
  terms: z.string().optional(),
  plans: z.array(plan).min(1),
  /** One-off payment for bringing your own model key; limited seats. */
  byok: z.object({ price_usd: z.number().min(0), summary: z.string().min(1), features: z.array(z.string().min(1)) }).strict().optional(),
}).strict();
export type Pricing = z.infer<typeof Pricing>;
