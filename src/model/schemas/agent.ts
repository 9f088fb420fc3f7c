import * as z from 'astro/zod';
import { links, slug } from './common.ts';

const step = z
  .object({
    step: z.string().min(1).meta({ description: "The step's short name." }),
    detail: z.string().min(1).meta({ description: 'What the agent does in that step.' }),
  })
  .strict();
const kind = z
  .enum(['autonomous', 'recommend'])
  .meta({ description: 'autonomous: acts on its own; recommend: proposes and waits for approval.' });

export const AgentInput = z
  .object({
    name: z.string().min(1).meta({ description: "The agent's name (`Quill`)." }),
    tagline: z.string().min(1).meta({ description: 'One line on what it does, used as the meta description.' }),
    one_liner: z.string().min(1).meta({ description: 'One sentence on what it does.' }),
    kind,
    signal: z.string().min(1).meta({ description: 'What it watches.' }),
    action: z.string().min(1).meta({ description: 'What it does when the signal fires.' }),
    cadence: z.string().min(1).meta({ description: "When it runs (`Daily, 02:00 in the project's time zone`)." }),
    how: z.array(step).min(1).meta({ description: 'How it works, step by step.' }),
  })
  .strict();

export const Agent = z
  .object({
    slug,
    name: z.string().meta({ description: "The agent's name." }),
    tagline: z.string().meta({ description: 'One line on what it does.' }),
    one_liner: z.string().optional().meta({ description: 'One sentence on what it does.' }),
    kind,
    signal: z.string().optional().meta({ description: 'What it watches.' }),
    action: z.string().optional().meta({ description: 'What it does when the signal fires.' }),
    cadence: z.string().optional().meta({ description: 'When it runs.' }),
    how: z.array(step).optional().meta({ description: 'How it works, step by step.' }),
    ...links,
  })
  .meta({ description: 'A named AI agent of the product: what it watches, what it does and when.' });
export type Agent = z.infer<typeof Agent>;
