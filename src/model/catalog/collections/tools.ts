// The free SEO tools: content/tools/{slug}.md, each a page at /tools/{slug}/ with the tool itself on it.
import { Tool, ToolInput } from '../../schemas/tool.ts';
import { toolTwin } from '../../twins/tool-twin.ts';
import { defineCollection } from '../collection.ts';

export const tools = defineCollection({
  key: 'tools',
  input: ToolInput,
  output: Tool,
  name: 'Tool',
  body: true,
  route: '/tools/',
  page: (t) => ({ title: t.title, description: t.description }),
  section: 'Tools',
  order: 3,
  eyebrow: 'Free SEO tool',
  twin: (t, body) => toolTwin(t, body),
  line: (t) => ({
    title: t.title,
    url: t.url,
    text: `${t.description} (${t.runs_on === 'server' ? 'runs on our servers' : 'runs in your browser'})`,
  }),
  scaffold: (title) => ({
    data: {
      title,
      description: `TODO: what ${title} does for the reader, in one or two sentences.`,
      runs_on: 'browser',
      faqs: [{ question: `Is ${title} free?`, answer: 'TODO: the answer.' }],
    },
    body: 'TODO: how the tool works and how to read its result.',
  }),
  api: {
    tag: 'Tools',
    every: 'free tool',
    list: { id: 'listTools', summary: 'Free SEO tools, in the browser or on our servers.' },
    detail: {
      id: 'getTool',
      summary: 'One tool with its explanation and FAQ.',
      description: 'Where the tool runs (`runs_on`), how it works and its FAQ.',
    },
  },
});
