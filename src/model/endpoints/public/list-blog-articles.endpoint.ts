// GET /api/v1/articles: the company blog, read live from the content store.
import { envelopes } from '../../schemas/envelopes.ts';
import { CACHE } from '../cache-policy.ts';
import { blogListQuery } from '../queries.ts';
import { publicTableEndpoint } from './public-endpoint.ts';

export const listBlogArticles = publicTableEndpoint('listBlogArticles', '/articles', {
  query: blogListQuery,
  output: () => envelopes.ArticleList,
  cache: CACHE.blog,
  doc: {
    tag: 'Blog',
    ok: 'ArticleList',
    errors: [400, 502],
    summary: 'The company blog: published articles, newest first.',
    description:
      'Read live from the content store, so a publish shows within a minute; 502 `upstream_unavailable` when the store does not answer in time.',
  },
});
