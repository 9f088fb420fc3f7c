// Every response body of the public API by name but the collections' (`{Name}List` and `{Name}Response` of each
// declared collection, which the OpenAPI document adds from src/catalog/collections.ts): the endpoint registry names
// one per endpoint (`ok`), and the OpenAPI document registers them as components. An endpoint module declares its
// own (`output`, under its `ok` name), as the content API's do. Envelopes refer to resources, which the document
// registers under their own names.
import * as z from 'zod';
import { Article, ArticleSummary } from './article.ts';
import { list, single } from './envelope.ts';
import { GlossaryCategory, GlossaryTerm } from './glossary.ts';
import { Page, SearchResult } from './page.ts';

const searchEnvelope = z.object({
  data: z
    .object({
      query: z.string().meta({ description: 'The query as it was asked (`q`).' }),
      total: z.int().min(0).meta({ description: 'How many pages match in all (`items` holds at most `limit` of them).' }),
      items: z.array(SearchResult).meta({ description: 'The best matches, best first.' }),
    })
    .meta({ description: 'The matches of the query.' }),
});
export const envelopes = {
  PageList: list(Page),
  SearchResponse: searchEnvelope,
  GlossaryTermList: list(GlossaryTerm),
  GlossaryTermResponse: single(GlossaryTerm),
  GlossaryCategoryList: list(GlossaryCategory),
  ArticleList: list(ArticleSummary),
  ArticleResponse: single(Article),
} as const;
export type EnvelopeName = keyof typeof envelopes;
