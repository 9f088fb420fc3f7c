import * as z from 'astro/zod';
import { faq, links, slug } from './common.ts';

const how = z.object({ title: z.string().min(1), body: z.string().min(1) }).strict();

export const FeatureInput = z.object({
  title: z.string().min(1),
  tagline: z.string().min(1),
  category: z.string().min(1),
  intro: z.string().min(1),
  problem: z.string().min(1),
  benefits: z.array(z.string().min(1)).min(1),
  how: z.array(how).min(1),
  faqs: z.array(faq).default([]),
  related_features: z.array(slug).default([]),
  related_agents: z.array(slug).default([]),
}).strict();

export const Feature = z.object({
  slug,
  category: z.string().optional(),
  title: z.string(),
  tagline: z.string(),
  intro: z.string().optional(),
  problem: z.string().optional(),
  benefits: z.array(z.string()).optional(),
  how: z.array(how).optional(),
  faqs: z.array(faq).optional(),
  related_features: z.array(slug).optional(),
  related_agents: z.array(slug).optional(),
  ...links,
});
export type Feature = z.infer<typeof Feature>;
