import * as z from 'astro/zod';
import { faq, links, slug } from './common.ts';

export const ToolInput = z
  .object({
    title: z.string().min(1).meta({ description: "The tool's name." }),
    description: z.string().min(1).meta({ description: 'One or two sentences, used as the meta description.' }),
    popular: z.boolean().default(false).meta({ description: 'True: marked Popular on /tools/; false by default.' }),
    runs_on: z
      .enum(['browser', 'server'])
      .meta({ description: 'browser: runs in the page; server: calls /tools-api, reachable only from the public site.' }),
    faqs: z.array(faq).min(1).meta({ description: 'Questions and answers about the tool.' }),
  })
  .strict();

/** What the API sends: every input field (defaults applied, so always present), plus the slug and the links. */
export const Tool = ToolInput.extend({ slug, ...links }).meta({ description: 'A free SEO tool of the site: where it runs and its FAQ.' });
export type Tool = z.infer<typeof Tool>;
