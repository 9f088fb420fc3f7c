import * as z from 'astro/zod';
import { faq, links, slug } from './common.ts';

const how = z
  .object({
    title: z.string().min(1).meta({ description: "The step's name." }),
    body: z.string().min(1).meta({ description: 'What happens in that step.' }),
  })
  .strict();

export const FeatureInput = z
  .object({
    title: z.string().min(1).meta({ description: "The feature's name." }),
    tagline: z.string().min(1).meta({ description: 'One line on what it does, used as the meta description.' }),
    category: z.string().min(1).meta({ description: 'The group it is listed under on /features/ (`Developers`).' }),
    intro: z.string().min(1).meta({ description: 'A paragraph introducing the feature.' }),
    problem: z.string().min(1).meta({ description: 'The problem it solves, in a paragraph.' }),
    benefits: z.array(z.string().min(1)).min(1).meta({ description: 'What it brings, one point each.' }),
    how: z.array(how).min(1).meta({ description: 'How it works, step by step.' }),
    faqs: z.array(faq).default([]).meta({ description: 'Questions and answers about the feature; empty by default.' }),
    related_features: z.array(slug).default([]).meta({ description: 'Slugs of related features; empty by default.' }),
    related_agents: z.array(slug).default([]).meta({ description: 'Slugs of related agents; empty by default.' }),
  })
  .strict();

export const Feature = z
  .object({
    slug,
    category: z.string().optional().meta({ description: 'The group it is listed under on /features/.' }),
    title: z.string().meta({ description: "The feature's name." }),
    tagline: z.string().meta({ description: 'One line on what it does.' }),
    intro: z.string().optional().meta({ description: 'A paragraph introducing the feature.' }),
    problem: z.string().optional().meta({ description: 'The problem it solves, in a paragraph.' }),
    benefits: z.array(z.string()).optional().meta({ description: 'What it brings, one point each.' }),
    how: z.array(how).optional().meta({ description: 'How it works, step by step.' }),
    faqs: z.array(faq).optional().meta({ description: 'Questions and answers about the feature.' }),
    related_features: z.array(slug).optional().meta({ description: 'Slugs of related features.' }),
    related_agents: z.array(slug).optional().meta({ description: 'Slugs of related agents.' }),
    ...links,
  })
  .meta({ description: 'A feature of the product: the problem it solves, its benefits, how it works and its FAQ.' });
export type Feature = z.infer<typeof Feature>;
