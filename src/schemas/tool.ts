import * as z from 'astro/zod';
import { faq, links, slug } from './common.ts';

export const ToolInput = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  popular: z.boolean().default(false),
  /** browser: runs in the page; server: calls /tools-api, reachable only from the public site. */
  runs_on: z.enum(['browser', 'server']),
  faqs: z.array(faq).min(1),
}).strict();

/** What the API sends: every input field (defaults applied, so always present), plus the slug and the links. */
export const Tool = ToolInput.extend({ slug, ...links });
export type Tool = z.infer<typeof Tool>;
