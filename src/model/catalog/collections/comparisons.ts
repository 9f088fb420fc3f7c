// Comparisons with other content tools: content/comparisons/{slug}.md (frontmatter only), each a page at
// /compare/{slug}/. Lists show the summary; the detail adds the matrix.
import { Comparison, ComparisonInput, ComparisonSummary } from '../../schemas/comparison.ts';
import { comparisonTwin } from '../../twins/comparison-twin.ts';
import { defineCollection } from '../collection.ts';

export const comparisons = defineCollection({
  key: 'comparisons',
  input: ComparisonInput,
  output: Comparison,
  name: 'Comparison',
  summary: {
    name: 'ComparisonSummary',
    schema: ComparisonSummary,
    of: ({ slug, competitor, title, description, url, markdown_url }) => ({ slug, competitor, title, description, url, markdown_url }),
  },
  serialise: (slug, { competitor, title, description, ...rest }, links) => ({ slug, competitor, title, description, ...links, ...rest }),
  body: false,
  route: '/compare/',
  page: (c) => ({ title: c.title, description: c.description ?? '' }),
  section: 'Comparisons',
  order: 4,
  eyebrow: 'Comparison',
  twin: (c) => comparisonTwin(c),
  line: (c) => ({ title: c.title, url: c.url, text: c.description }),
  scaffold: (title) => ({
    data: {
      competitor: 'TODO',
      title,
      description: 'TODO: one or two sentences on the comparison.',
      intro: ['TODO: the opening paragraph.'],
      pricing_note: "TODO: when the competitor's prices were last checked.",
      feature_matrix: [{ feature: 'TODO', skribra: 'TODO', competitor: 'TODO' }],
      skribra_wins: ['TODO: where Skribra is the better choice.'],
      competitor_wins: ['TODO: where the competitor is the better choice.'],
    },
  }),
  api: {
    tag: 'Product',
    every: 'comparison',
    list: { id: 'listComparisons', summary: 'Comparisons with other content tools.' },
    detail: {
      id: 'getComparison',
      summary: 'One comparison with its feature matrix.',
      description: 'The comparison, its feature matrix and its FAQ.',
    },
  },
});
