// GET /v1/articles/{slug}: one published article of a project, its stored answer read by the access statement itself
// (one round trip; a second only for an article whose stored answer is not current).
import { single } from '../../schemas/envelope.ts';
import { once } from '../../core/once.ts';
import { ownArticle } from '../../schemas/own-article.ts';
import { lazyObject } from '../lazy-object.ts';
import { slugSegment } from '../params.ts';
import { KEYED_READ_ERRORS, contentEndpoint } from './content-endpoint.ts';
import { projectIdParam } from './project-id-param.ts';

export const getOwnArticle = contentEndpoint('getOwnArticle', 'articles/:slug', {
  bucket: 'detail',
  path: lazyObject({ slug: slugSegment }),
  query: lazyObject({
    projectId: () => projectIdParam('The project the article belongs to (slugs are unique within a project).'),
  }),
  output: once(() => single(ownArticle)),
  doc: {
    tag: 'Content API',
    ok: 'OwnArticleResponse',
    errors: KEYED_READ_ERRORS,
    summary: 'One published article of a project.',
    description:
      'An unpublished article answers 404; a consolidated one carries `redirect_to` and `redirect_type` (permanent: 301, else 302); `noindex` true also sends `X-Robots-Tag: noindex`.',
  },
  tool: {
    name: 'get_article',
    title: 'Get one article',
    description:
      'One published article of a project, whole (HTML body, table of contents, sources, JSON-LD), with `consolidation`: what your site should do at this slug. render (status 200; noindex true means mark it not indexable), redirect (status 301 or 302 to location: the article was consolidated into another) or gone (status 404: unpublished or never published; then there is no data, only the not_found code and message). Counts as a detail request. The same answer as GET /v1/articles/{slug}.',
  },
});
