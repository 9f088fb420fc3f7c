// The named agents: content/agents/{slug}.md, each a page at /agents/{slug}/.
import { Agent, AgentInput } from '../../schemas/agent.ts';
import { agentTwin } from '../../twins/agent-twin.ts';
import { defineCollection } from '../collection.ts';

export const agents = defineCollection({
  key: 'agents',
  input: AgentInput,
  output: Agent,
  name: 'Agent',
  body: true,
  route: '/agents/',
  page: (a) => ({ title: a.name, description: a.tagline }),
  section: 'Agents',
  order: 1,
  eyebrow: 'AI agent',
  twin: (a, body) => agentTwin(a, body),
  line: (a) => ({ title: a.name, url: a.url, text: `${a.tagline} (${a.kind === 'recommend' ? 'recommends, you approve' : 'autonomous'})` }),
  home: 'Meet the agents',
  scaffold: (name) => ({
    data: {
      name,
      tagline: `TODO: one line on what ${name} does.`,
      one_liner: `TODO: one sentence on what ${name} does.`,
      kind: 'recommend',
      signal: 'TODO: what it watches.',
      action: 'TODO: what it does when the signal fires.',
      cadence: 'TODO: when it runs.',
      how: [{ step: 'TODO', detail: 'TODO: what the agent does in this step.' }],
    },
    body: 'TODO: what the agent does, in a paragraph or two.',
  }),
  api: {
    tag: 'Product',
    every: 'agent',
    list: { id: 'listAgents', summary: 'The named agents that research, write and publish.' },
    detail: {
      id: 'getAgent',
      summary: 'One agent: signal, action, cadence and steps.',
      description: 'What the agent watches, what it does, how often, and its steps.',
    },
  },
});
