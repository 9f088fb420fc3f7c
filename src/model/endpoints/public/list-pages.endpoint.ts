// GET /api/v1/pages: every site page with its HTML and markdown URLs, by kind, paginated.
import { list } from '../../schemas/envelope.ts';
import { Page } from '../../schemas/page.ts';
import { PUBLIC_BASE } from '../bases.ts';
import { once } from '../../core/once.ts';
import { pagesQuery } from '../queries.ts';
import { publicEndpoint } from './public-endpoint.ts';

export const listPages = publicEndpoint('listPages', '/pages', {
  query: pagesQuery,
  output: once(() => list(Page)),
  static: { file: `${PUBLIC_BASE}/pages.json` },
  doc: {
    tag: 'Site',
    ok: 'PageList',
    errors: [400],
    summary: 'Every site page with its HTML and markdown URLs; filter by kind.',
    description:
      'Every page of the site (glossary, tools, agents, features, comparisons, docs and the rest), newest structure first, paginated.',
  },
});
