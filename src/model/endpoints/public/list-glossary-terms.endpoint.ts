// GET /api/v1/glossary: the glossary's terms in title order, by category or text, paginated.
import { list } from '../../schemas/envelope.ts';
import { GlossaryTerm } from '../../schemas/glossary.ts';
import { PUBLIC_BASE } from '../bases.ts';
import { once } from '../../core/once.ts';
import { glossaryQuery } from '../queries.ts';
import { publicEndpoint } from './public-endpoint.ts';

export const listGlossaryTerms = publicEndpoint('listGlossaryTerms', '/glossary', {
  query: glossaryQuery,
  output: once(() => list(GlossaryTerm)),
  static: { file: `${PUBLIC_BASE}/glossary.json` },
  doc: {
    tag: 'Glossary',
    ok: 'GlossaryTermList',
    errors: [400],
    summary: 'Glossary terms; filter by category or q, full=true for sections.',
    description: 'Terms in title order, paginated. List items leave out `sections`, `key_points` and `sources` unless `full=true`.',
  },
});
