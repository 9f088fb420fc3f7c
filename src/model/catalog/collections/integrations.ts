// Where Skribra publishes: content/integrations/{slug}.md, each a page at /integrations/{slug}/ (a CMS it publishes
// into, or a route for your own code: the content API, the webhook, framework recipes).
import { Integration, IntegrationInput } from '../../schemas/integration.ts';
import { integrationTwin } from '../../twins/integration-twin.ts';
import { defineCollection } from '../collection.ts';

export const integrations = defineCollection({
  key: 'integrations',
  input: IntegrationInput,
  output: Integration,
  name: 'Integration',
  body: true,
  references: [{ field: 'related_features', collection: 'features', noun: 'feature' }],
  route: '/integrations/',
  page: (i) => ({ title: i.title, description: i.description }),
  section: 'Integrations',
  order: 5,
  eyebrow: 'Integration',
  twin: (i, body) => integrationTwin(i, body),
  line: (i) => ({
    title: i.name,
    url: i.url,
    text: `${i.description} (${i.category === 'cms' ? 'Skribra publishes into it' : 'for your own code'})`,
  }),
  scaffold: (title) => ({
    data: {
      name: title,
      title,
      description: `TODO: what ${title} is and how Skribra publishes there, in one or two sentences.`,
      category: 'cms',
      connects_with: 'TODO: the API and the credential.',
      syncs: ['TODO: what syncs.'],
      setup: [{ step: 'TODO', detail: 'TODO: what to do in this step.' }],
      limits: ['TODO: what it does not do.'],
    },
    body: 'TODO: how Skribra publishes there.',
  }),
  api: {
    tag: 'Integrations',
    tagDescription: 'Where Skribra publishes: the CMSs it publishes into, the publish webhook, the content API and framework recipes.',
    every: 'integration',
    list: { id: 'listIntegrations', summary: 'Where Skribra publishes: CMSs, frameworks, the webhook and the content API.' },
    detail: {
      id: 'getIntegration',
      summary: 'One integration: how it connects, what syncs, setup and limits.',
      description: 'How it connects, what syncs, the setup steps, its limits and its FAQ.',
    },
  },
});
