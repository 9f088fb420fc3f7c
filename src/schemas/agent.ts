import * as z from 'astro/zod';
import { links, slug } from './common.ts';

const step = z.object({ step: z.string().min(1), detail: z.string().min(1) }).strict();
/** autonomous agents act on their own; recommend agents propose and wait for approval. */
const kind = z.enum(['autonomous', 'recommend']);

export const AgentInput = z.object({
  name: z.string().min(1),
  tagline: z.string().min(1),
  one_liner: z.string().min(1),
  kind,
  signal: z.string().min(1),
  action: z.string().min(1),
  cadence: z.string().min(1),
  how: z.array(step).min(1),
}).strict();

export const Agent = z.object({
  slug,
  name: z.string(),
  tagline: z.string(),
  one_liner: z.string().optional(),
  kind,
  signal: z.string().optional(),
  action: z.string().optional(),
  cadence: z.string().optional(),
  how: z.array(step).optional(),
  ...links,
});
export type Agent = z.infer<typeof Agent>;
