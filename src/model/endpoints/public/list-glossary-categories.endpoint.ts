// GET /api/v1/glossary/categories: every glossary category with its term count, whole by default.
import { list } from '../../schemas/envelope.ts';
import { GlossaryCategory } from '../../schemas/glossary.ts';
import { PUBLIC_BASE } from '../bases.ts';
import { once } from '../../core/once.ts';
import { wholeListQuery } from '../queries.ts';
import { publicEndpoint, wholeListDescription } from './public-endpoint.ts';

export const listGlossaryCategories = publicEndpoint('listGlossaryCategories', '/glossary/categories', {
  query: wholeListQuery,
  output: once(() => list(GlossaryCategory)),
  static: { file: `${PUBLIC_BASE}/glossary/categories.json` },
  doc: {
    tag: 'Glossary',
    ok: 'GlossaryCategoryList',
    errors: [400],
    summary: 'Glossary categories with term counts.',
    description: wholeListDescription('glossary category'),
  },
});
