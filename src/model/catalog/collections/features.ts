// Product features: content/features/{slug}.md (frontmatter only), each a page at /features/{slug}/.
import type { Agent } from '../../schemas/agent.ts';
import { Feature, FeatureInput } from '../../schemas/feature.ts';
import { featureTwin } from '../../twins/feature-twin.ts';
import { defineCollection } from '../collection.ts';

export const features = defineCollection({
  key: 'features',
  input: FeatureInput,
  output: Feature,
  name: 'Feature',
  serialise: (slug, { category, ...rest }, links) => ({ slug, category, ...rest, ...links }),
  body: false,
  references: [
    { field: 'related_features', collection: 'features', noun: 'feature' },
    { field: 'related_agents', collection: 'agents', noun: 'agent' },
  ],
  route: '/features/',
  page: (f) => ({ title: f.title, description: f.tagline }),
  section: 'Features',
  order: 2,
  eyebrow: 'Feature',
  twin: (f, _body, lists) => featureTwin(f, lists.agents as readonly Agent[], lists.features as readonly Feature[]),
  line: (f) => ({ title: f.title, url: f.url, text: f.tagline }),
  home: 'Features',
  scaffold: (title) => ({
    data: {
      title,
      tagline: `TODO: one line on what ${title} does.`,
      category: 'TODO',
      intro: 'TODO: a paragraph introducing the feature.',
      problem: 'TODO: the problem it solves, in a paragraph.',
      benefits: ['TODO: what it brings.'],
      how: [{ title: 'TODO', body: 'TODO: how this step works.' }],
    },
  }),
  api: {
    tag: 'Product',
    every: 'product feature',
    list: { id: 'listFeatures', summary: 'Product features.' },
    detail: { id: 'getFeature', summary: 'One product feature.', description: 'The feature with its body and FAQ.' },
  },
});
