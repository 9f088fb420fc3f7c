import type { Tool } from '../schemas/tool.ts';
import { blocks, faqsBlock, head } from './blocks.ts';
import { footer } from './footer.ts';

/** A free tool: where it runs, its explanation (the page body) and its FAQs. */
export function toolTwin(tool: Tool, body: string | undefined): string {
  const runs =
    tool.runs_on === 'server'
      ? 'Runs on our servers: use it from the page itself (the HTML link below).'
      : 'Runs in your browser: nothing you enter leaves your device.';
  return blocks(head(tool.title, tool.description), tool.runs_on && runs, body, faqsBlock(tool.faqs), footer(tool.url));
}
