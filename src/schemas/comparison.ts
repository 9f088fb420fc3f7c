import * as z from 'astro/zod';
import { faq, links, slug } from './common.ts';

/** A matrix cell: supported, not supported, `soon`, or a short note. */
const cell = z.union([z.boolean(), z.string().min(1)]);
const row = z.object({ feature: z.string().min(1), skribra: cell, competitor: cell }).strict();

export const ComparisonInput = z.object({
  competitor: z.string().min(1),
  title: z.string().min(1),
  description: z.string().min(1),
  intro: z.array(z.string().min(1)).min(1),
  pricing_note: z.string().min(1),
  feature_matrix: z.array(row).min(1),
  skribra_wins: z.array(z.string().min(1)).min(1),
  competitor_wins: z.array(z.string().min(1)).min(1),
  faqs: z.array(faq).default([]),
}).strict();

export const ComparisonSummary = z.object({
  slug,
  competitor: z.string(),
  title: z.string(),
  description: z.string().optional(),
  ...links,
});

export const Comparison = ComparisonSummary.extend({
  intro: z.array(z.string()).optional(),
  pricing_note: z.string().optional(),
  feature_matrix: z.array(row).optional(),
  skribra_wins: z.array(z.string()).optional(),
  competitor_wins: z.array(z.string()).optional(),
  faqs: z.array(faq).optional(),
});
export type Comparison = z.infer<typeof Comparison>;
export type ComparisonSummary = z.infer<typeof ComparisonSummary>;
