// GET /api/v1/search: token search over page titles and descriptions, best match first.
import * as z from 'zod';
import { SearchResult } from '../../schemas/page.ts';
import { once } from '../../core/once.ts';
import { searchQuery } from '../queries.ts';
import { publicEndpoint } from './public-endpoint.ts';

export const searchPages = publicEndpoint('searchPages', '/search', {
  query: searchQuery,
  output: once(() =>
    z.object({
      data: z
        .object({
          query: z.string().meta({ description: 'The query as it was asked (`q`).' }),
          total: z.int().min(0).meta({ description: 'How many pages match in all (`items` holds at most `limit` of them).' }),
          items: z.array(SearchResult).meta({ description: 'The best matches, best first.' }),
        })
        .meta({ description: 'The matches of the query.' }),
    }),
  ),
  doc: {
    tag: 'Site',
    ok: 'SearchResponse',
    errors: [400, 503],
    summary: 'Token search over page titles and descriptions, best match first.',
    description:
      'Every whitespace-separated token of `q` must match a word of the title or description by prefix, case- and accent-insensitively; results are ranked by BM25 with title matches boosted.',
  },
  tool: {
    name: 'search',
    title: 'Search the site',
    description:
      'Search every page of the site (SEO glossary terms, free SEO tools, agents, features, comparisons, docs and other pages) by title and description, best match first. Each hit has path, title, description, kind, url, markdown_url and score; read one whole with get_page. The same answer as GET /api/v1/search; when it matches nothing, the answer adds a hint and text_matches, the first hits of search_text (the words inside pages).',
  },
});
