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
