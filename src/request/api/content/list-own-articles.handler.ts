// A list answer may come from the list cache (list-cache.ts), keyed by the project's version as the access check read it:
// cached requests are authorised, counted and checked exactly like the others.
import { listArticleCards } from '../../../store/repos/articles.ts';
import { toCard } from '../../../store/serialize-article.ts';
import { preparedAnswer } from '../http/answer.ts';
import { jsonBody } from '../http/respond.ts';
import { contentHandler } from './content-deps.ts';
import { encodedAnswer } from './encoded-answer.ts';
import { listOwnArticles } from '../../../model/endpoints/content/list-own-articles.endpoint.ts';
import { requireProject } from './require-project.ts';
import type { OutputOf } from '../http/handlers-of.ts';

export default contentHandler(listOwnArticles, async ({ access, query: q }, { sql, lists }) => {
  const projectId = requireProject(access);
  // The normalised query: defaults applied, limit capped, updatedSince as an instant. updatedSince lists are
  // cached too: they depend on the time only through the parameter (updated_at >= it), never on now().
  const key = JSON.stringify([q.page, q.limit, q.sort, q.order, q.updatedSince?.toISOString() ?? '', q.tag ?? null]);
  const hit = lists.get(projectId, access.project!.articlesVersion, key);
  if (hit) return preparedAnswer(listOwnArticles, hit);
  const { rows, total, version } = await listArticleCards(sql, {
    projectId,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
    sort: q.sort,
    order: q.order,
    updatedSince: q.updatedSince,
    tag: q.tag,
  });
  const pagination = {
    page: q.page,
    limit: q.limit,
    total,
    total_pages: Math.ceil(total / q.limit),
    has_more: q.page * q.limit < total,
  };
  const body: OutputOf<typeof listOwnArticles> = { data: { items: rows.map(toCard), pagination } };
  const page = encodedAnswer(jsonBody(body));
  // Filed under the version the page's own statement read, which may be newer than the access check's, never older.
  lists.set(projectId, version, key, page);
  return preparedAnswer(listOwnArticles, page);
});
