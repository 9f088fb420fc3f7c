import * as z from 'astro/zod';
import { faq, links, slug } from './common.ts';

/** A matrix cell: supported, not supported, `soon`, or a short note. */
const cell = z.union([z.boolean(), z.string().min(1)]);
const row = z
  .object({
    feature: z.string().min(1).meta({ description: 'The capability compared.' }),
    skribra: cell.meta({ description: "Skribra's side: true (supported), false (not supported), `soon`, or a short note." }),
    competitor: cell.meta({ description: "The competitor's side: true (supported), false (not supported), `soon`, or a short note." }),
  })
  .strict();

export const ComparisonInput = z
  .object({
    competitor: z.string().min(1).meta({ description: "The competitor's name." }),
    title: z.string().min(1).meta({ description: "The page's title." }),
    description: z.string().min(1).meta({ description: 'One or two sentences, used as the meta description.' }),
    intro: z.array(z.string().min(1)).min(1).meta({ description: 'The opening paragraphs, one string each.' }),
    pricing_note: z.string().min(1).meta({ description: "When the competitor's prices were last checked." }),
    feature_matrix: z.array(row).min(1).meta({ description: 'The two products side by side, one row per capability.' }),
    skribra_wins: z.array(z.string().min(1)).min(1).meta({ description: 'Where Skribra is the better choice, one point each.' }),
    competitor_wins: z.array(z.string().min(1)).min(1).meta({ description: 'Where the competitor is the better choice, one point each.' }),
    faqs: z.array(faq).default([]).meta({ description: 'Questions and answers about the comparison; empty by default.' }),
  })
  .strict();

export const ComparisonSummary = z
  .object({
    slug,
    competitor: z.string().meta({ description: "The competitor's name." }),
    title: z.string().meta({ description: "The page's title." }),
    description: z.string().optional().meta({ description: 'One or two sentences on the comparison.' }),
    ...links,
  })
  .meta({ description: 'A comparison with a competitor, as the list shows it.' });

export const Comparison = ComparisonSummary.extend({
  intro: z.array(z.string()).optional().meta({ description: 'The opening paragraphs, one string each.' }),
  pricing_note: z.string().optional().meta({ description: "When the competitor's prices were last checked." }),
  feature_matrix: z.array(row).optional().meta({ description: 'The two products side by side, one row per capability.' }),
  skribra_wins: z.array(z.string()).optional().meta({ description: 'Where Skribra is the better choice, one point each.' }),
  competitor_wins: z.array(z.string()).optional().meta({ description: 'Where the competitor is the better choice, one point each.' }),
  faqs: z.array(faq).optional().meta({ description: 'Questions and answers about the comparison.' }),
}).meta({ description: 'A comparison with a competitor: the intro, the feature matrix, where each side wins and the FAQ.' });
export type Comparison = z.infer<typeof Comparison>;
export type ComparisonSummary = z.infer<typeof ComparisonSummary>;
