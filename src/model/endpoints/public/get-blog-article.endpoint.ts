// GET /api/v1/articles/{slug}: one blog article, read live from the content store.
import { envelopes } from '../../schemas/envelopes.ts';
import { CACHE } from '../cache-policy.ts';
import { lazyObject } from '../lazy-object.ts';
import { slugSegment } from '../params.ts';
import { blogArticleQuery } from '../queries.ts';
import { publicTableEndpoint } from './public-endpoint.ts';

export const getBlogArticle = publicTableEndpoint('getBlogArticle', '/articles/:slug', {
  path: lazyObject({ slug: slugSegment }),
  query: blogArticleQuery,
  output: () => envelopes.ArticleResponse,
  cache: CACHE.blog,
  doc: {
    tag: 'Blog',
    ok: 'ArticleResponse',
    errors: [400, 404, 502],
    summary: 'One blog article as markdown, HTML or both.',
    description: 'The article with the body or bodies `format` asks for; 404 for an unknown or retired slug.',
  },
});
