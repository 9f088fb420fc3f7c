import * as z from 'astro/zod';

const plan = z
  .object({
    name: z.string().min(1).meta({ description: "The plan's name." }),
    monthly_usd: z.number().min(0).meta({ description: 'The price of a month, billed monthly, in US dollars.' }),
    annual_usd_per_month: z.number().min(0).meta({ description: 'The price of a month, billed annually, in US dollars.' }),
    articles_per_month: z.string().min(1).meta({ description: 'How many articles a month, as text (`"12"`).' }),
    cadence: z.string().min(1).meta({ description: 'How often it publishes (`3 per week`).' }),
    tagline: z.string().min(1).meta({ description: 'One line on who the plan is for.' }),
    features: z.array(z.string().min(1)).meta({ description: 'What the plan includes, one point each (may be empty).' }),
    featured: z.boolean().default(false).meta({ description: 'True for the plan the pricing page highlights; false by default.' }),
  })
  .strict();

/** Input and output are the same shape: content/pricing.yaml is served as it is. */
export const Pricing = z
  .object({
    currency: z.literal('USD').meta({ description: 'The currency of every price: always `USD`.' }),
    terms: z.string().optional().meta({ description: 'The billing terms, in one paragraph.' }),
    plans: z.array(plan).min(1).meta({ description: 'The plans, in the order the pricing page shows them.' }),
    byok: z
      .object({
        price_usd: z.number().min(0).meta({ description: 'The one-off price in US dollars.' }),
        summary: z.string().min(1).meta({ description: 'What it is, in a sentence.' }),
        features: z.array(z.string().min(1)).meta({ description: 'What it includes, one point each.' }),
      })
      .strict()
      .optional()
      .meta({ description: 'One-off payment for bringing your own model key; limited seats.' }),
  })
  .strict()
  .meta({ description: 'The plans and their prices (USD).' });
export type Pricing = z.infer<typeof Pricing>;
