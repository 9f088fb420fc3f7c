import type { Agent } from '../schemas/agent.ts';
import { blocks, head, inline, numbered, section, table } from './blocks.ts';
import { footer } from './footer.ts';

/** An agent: kind, signal, action and cadence as a table, the page body, then how it works step by step. */
export function agentTwin(agent: Agent, body: string | undefined): string {
  const facts: [string, string | undefined][] = [
    ['Kind', agent.kind === 'recommend' ? 'Recommends changes and waits for your approval' : 'Acts on its own (autonomous)'],
    ['Watches', agent.signal],
    ['Does', agent.action],
    ['Runs', agent.cadence],
  ];
  return blocks(
    head(agent.name, agent.tagline),
    agent.one_liner,
    table(
      ['Fact', 'Value'],
      facts.filter((f): f is [string, string] => Boolean(f[1])),
    ),
    body,
    section('How it works', agent.how?.length ? numbered(agent.how.map((s) => `**${inline(s.step)}.** ${s.detail}`)) : undefined),
    footer(agent.url),
  );
}
