// GET /v1/projects/{projectId}/articles/{slug}. The access statement brings the article's stored answer (migration 010:
// its JSON text and ETag, made when the article was written, current for this row version, serialiser and account);
// for an article without a current one, its row is read, and the same answer made from it and stored for the next
// request (src/store/repos/detail-answers.ts). Either way the answer is byte for byte the one made from the row.
// A finished answer is also cached like a list page (the detail cache), under the project's articles_version as the
// access check read it in the same snapshot (every article write bumps it): a hit saves encoding the text again, and when the
// process held it before the request (`held`, create-content-api.ts), the access statement did not even read it. The
// answer names its account (metadata.userId): a project that moves to another account moves to a new version
// (migration 011), so the slot is the slug alone.
import { detailAnswersOf } from '../../../store/repos/detail-answers.ts';
import { ApiError } from '../http/api-error.ts';
import { preparedAnswer } from '../http/answer.ts';
import { contentHandler } from './content-deps.ts';
import { getOwnArticle } from '../../../model/endpoints/content/get-own-article.endpoint.ts';
import type { CachedPage } from './list-cache.ts';
import { requireProject } from './require-project.ts';

export default contentHandler(getOwnArticle, async ({ access, params: { slug } }, { sql, details }) => {
  const projectId = requireProject(access);
  const article = access.detail;
  const notFound = () => new ApiError(404, 'not_found', 'This project has no published article with that slug.');
  if (!article || article.unpublished) throw notFound();
  const hit = details.get(projectId, access.project!.articlesVersion, slug) ?? access.cachedPage;
  if (hit) return preparedAnswer(getOwnArticle, hit, hit.headers ?? {});
  const made = await detailAnswersOf(sql).answerOf(article, projectId, access.accountId!);
  if (!made) throw notFound(); // unpublished or deleted since the access check read it
  // Encoded once, here: the bytes are what the cache holds and the socket gets; the ETag came with the text.
  const answer: CachedPage = { body: Buffer.from(made.text), etag: made.etag, ...(made.headers ? { headers: made.headers } : {}) };
  details.set(projectId, access.project!.articlesVersion, slug, answer);
  return preparedAnswer(getOwnArticle, answer, answer.headers ?? {});
});
