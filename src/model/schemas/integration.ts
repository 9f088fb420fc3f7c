import * as z from 'astro/zod';
import { faq, links, slug } from './common.ts';

const step = z
  .object({
    step: z.string().min(1).meta({ description: 'The step, as a short imperative title (`Create an application password`).' }),
    detail: z.string().min(1).meta({ description: 'What to do, in a sentence or two.' }),
  })
  .strict()
  .meta({ description: 'One setup step.' });

/** Frontmatter of content/integrations/{slug}.md; the markdown body says how the connection works, in prose. */
export const IntegrationInput = z
  .object({
    name: z.string().min(1).meta({ description: 'The platform or route as people call it: `WordPress`, `Next.js`, `Publish webhook`.' }),
    title: z.string().min(1).meta({ description: "The page's title and H1." }),
    description: z
      .string()
      .min(1)
      .meta({ description: 'One or two sentences: the meta description, the list text and the search snippet.' }),
    category: z
      .enum(['cms', 'developer'])
      .meta({ description: '`cms`: Skribra publishes into it for you; `developer`: your code pulls or receives the articles.' }),
    connects_with: z.string().min(1).meta({
      description: 'How it connects, in one line: the API and the credential (`WordPress REST API with an application password`).',
    }),
    syncs: z
      .array(z.string().min(1))
      .min(1)
      .meta({ description: 'What arrives on the other side (fields, images, updates), one point each.' }),
    setup: z.array(step).min(1).meta({ description: 'The setup steps, in order.' }),
    limits: z.array(z.string().min(1)).min(1).meta({ description: 'What it does not do, or does only partly, one point each.' }),
    faqs: z.array(faq).default([]).meta({ description: 'Questions and answers about the integration; empty by default.' }),
    related_features: z.array(slug).default([]).meta({ description: 'Slugs of the features behind it; empty by default.' }),
  })
  .strict();

/** What the API sends: every input field (defaults applied), plus the slug and the links. */
export const Integration = IntegrationInput.extend({ slug, ...links }).meta({
  description: 'A place Skribra publishes to: how it connects, what syncs, the setup steps and the limits.',
});
export type Integration = z.infer<typeof Integration>;
